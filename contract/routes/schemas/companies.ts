import { apiError, companyCodeParam } from '../../common';
import { companiesQuery, companyDetail, pagedCompanies } from '../../customer';
import { companies as calls } from '../companies';
import { describe } from './describe';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

export const companies = describe(calls, {
  list: {
    tags: ['companies'],
    summary: 'All companies, searchable and paged (staff administrators only)',
    security: [{ bearer: [] }],
    querystring: companiesQuery,
    response: { 200: pagedCompanies, ...errors },
  },
  detail: {
    tags: ['companies'],
    summary: 'One company the user may act for',
    security: [{ bearer: [] }],
    params: companyCodeParam,
    response: { 200: companyDetail, ...errors },
  },
});
