import { apiError, companyCodeParam } from '../../common';
import { calendarQuery, calendarResponse, nextDeliveryResponse } from '../../calendar';
import { calendar as calls } from '../calendar';
import { describe, security } from './describe';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const tags = ['calendar'];

export const calendar = describe(calls, {
  calendar: {
    tags,
    summary: 'Deliverable dates from `from` to `to` whose order deadline is still ahead',
    security,
    params: companyCodeParam,
    querystring: calendarQuery,
    response: { 200: calendarResponse, ...errors },
  },
  nextDelivery: {
    tags,
    summary: 'The first date the company can still order a delivery for',
    security,
    params: companyCodeParam,
    response: { 200: nextDeliveryResponse, ...errors },
  },
});
