import { get } from './call';

export const calendar = {
  calendar: get('/v1/company/:companyCode/calendar'),
  nextDelivery: get('/v1/company/:companyCode/calendar/next'),
};
