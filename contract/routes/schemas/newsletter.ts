import { z } from 'zod';
import { apiError, okResponse } from '../../common';
import { newsletterLinkResponse, newsletterSubscribeBody, newsletterTokenQuery } from '../../newsletter';
import { newsletter as calls } from '../newsletter';
import { describe } from './describe';

const linkSchema = (summary: string) => ({
  tags: ['newsletter'],
  summary,
  querystring: newsletterTokenQuery,
  response: { 200: newsletterLinkResponse, 303: z.null().optional(), 400: apiError, 429: apiError },
});

export const newsletter = describe(calls, {
  subscribe: {
    tags: ['newsletter'],
    summary: 'Sign up for the newsletter: mails a confirmation link (double opt-in); the same answer for any address',
    body: newsletterSubscribeBody,
    response: { 202: okResponse, 400: apiError, 429: apiError },
  },
  confirm: linkSchema('The link in the confirmation mail: starts the subscription, then shows the app page'),
  unsubscribe: linkSchema('The link in every newsletter mail: ends the subscription, then shows the app page'),
});
