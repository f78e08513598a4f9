import { get } from './call';

export const companies = {
  list: get('/v1/companies'),
  detail: get('/v1/company/:companyCode'),
};
