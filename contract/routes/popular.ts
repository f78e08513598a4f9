import { get } from './call';

export const popular = {
  popular: get('/v1/company/:companyCode/popular-articles'),
};
