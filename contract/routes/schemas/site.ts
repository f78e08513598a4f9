import { z } from 'zod';
import { apiError, plainText } from '../../common';
import { healthResponse } from '../../health';
import { site as calls } from '../site';
import { describe } from './describe';

export const site = describe(calls, {
  health: {
    tags: ['health'],
    summary: 'Liveness and database status',
    response: { 200: healthResponse, 503: healthResponse },
  },
  dataSheet: {
    tags: ['catalog'],
    summary: 'A product data sheet as PDF (the url in a product’s dataSheets)',
    params: z.object({ file: plainText.max(200) }),
    produces: ['application/pdf'],
    response: { 200: z.any(), 304: z.null(), 400: apiError, 404: apiError },
  },
});
