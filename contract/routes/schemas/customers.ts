import { z } from 'zod';
import { apiError, companyCodeParam, okResponse } from '../../common';
import {
  addCustomerToCompanyBody,
  changePasswordBody,
  companyCustomersResponse,
  createCustomerBody,
  customerDetail,
  customerIdParam,
  removeCustomerParams,
  updateCustomerBody,
} from '../../customer';
import { customers as calls } from '../customers';
import { describe, errors, security } from './describe';

const tags = ['customers'];

export const customers = describe(calls, {
  ofCompany: {
    tags,
    summary: 'The users of a company, with roles and status (customer administrators of it, and staff)',
    security,
    params: companyCodeParam,
    response: { 200: companyCustomersResponse, ...errors },
  },
  create: {
    tags,
    summary: "Create a user in some of the administrator's companies; mails an activation link",
    security,
    body: createCustomerBody,
    response: { 201: customerDetail, ...errors },
  },
  detail: {
    tags,
    summary: "One user of the administrator's companies",
    security,
    params: customerIdParam,
    response: { 200: customerDetail, ...errors },
  },
  update: {
    tags,
    summary: "Change a user's name, e-mail, phone and roles",
    security,
    params: customerIdParam,
    body: updateCustomerBody,
    response: { 200: customerDetail, ...errors },
  },
  addToCompany: {
    tags,
    summary: "Add a user to another of the administrator's companies",
    security,
    params: customerIdParam,
    body: addCustomerToCompanyBody,
    response: { 200: customerDetail, 201: customerDetail, ...errors },
  },
  removeFromCompany: {
    tags,
    summary: 'Remove a user from a company (the account stays); a company keeps at least one administrator',
    security,
    params: removeCustomerParams,
    response: { 204: z.null(), ...errors },
  },
  changePassword: {
    tags: ['customer'],
    summary: "Change the logged-in user's password; the user's other sessions end, this one stays",
    security,
    body: changePasswordBody,
    response: { 200: okResponse, ...errors, 429: apiError },
  },
});
