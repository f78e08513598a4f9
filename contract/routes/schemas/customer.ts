import { apiError } from '../../common';
import {
  currentUser as currentUserSchema,
  customerCompaniesResponse,
  setCompanyBody,
  updateCurrentUserBody,
} from '../../customer';
import { customer as calls } from '../customer';
import { describe, security } from './describe';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 429: apiError };

export const customer = describe(calls, {
  me: {
    tags: ['customer'],
    summary: 'The logged-in user',
    security,
    response: { 200: currentUserSchema, ...errors },
  },
  updateMe: {
    tags: ['customer'],
    summary: 'Update the logged-in user (a new e-mail address or password needs the current password)',
    security,
    body: updateCurrentUserBody,
    response: { 200: currentUserSchema, ...errors },
  },
  setCompany: {
    tags: ['customer'],
    summary: 'Choose the default company',
    security,
    body: setCompanyBody,
    response: { 200: currentUserSchema, ...errors },
  },
  companies: {
    tags: ['customer'],
    summary: "The user's own companies",
    security,
    response: { 200: customerCompaniesResponse, ...errors },
  },
});
