import { apiError } from '../../common';
import { contactBody, contactResponse, contactTokenResponse } from '../../contact';
import { contact as calls } from '../contact';
import { contactSecurity, describe } from './describe';

const errors = { 400: apiError, 401: apiError, 429: apiError };

export const contact = describe(calls, {
  token: {
    tags: ['contact'],
    summary: 'A short-lived token for one contact message, and what the form needs for bot protection',
    response: { 200: contactTokenResponse, 429: apiError },
  },
  send: {
    tags: ['contact'],
    summary: 'Send a message to customer service (Authorization: Bearer <contact token>)',
    security: contactSecurity,
    body: contactBody,
    response: { 201: contactResponse, ...errors },
  },
});
