import { apiError } from '../../common';
import { syncBody, syncResponse } from '../../sync';
import { sync as calls } from '../sync';
import { describe, security } from './describe';

export const sync = describe(calls, {
  push: {
    tags: ['sync'],
    summary:
      "The offline engine's waiting changes (1..100), applied in order in one transaction, each as its own call " +
      'would be, with its own Idempotency-Key; answered per change (decision 0067)',
    security,
    body: syncBody,
    response: { 200: syncResponse, 400: apiError, 401: apiError, 429: apiError },
  },
});
