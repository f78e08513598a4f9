import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasControlCharacters } from '../../contract/common';
import { badRequest } from '../lib/errors';
import { validationText } from '../lib/i18n';

type Field = { path: string; message: string };

/** Deeper than any body the API takes; a body nested further is refused rather than walked. */
const MAX_DEPTH = 32;
/** Enough fields to show what is wrong; a body full of them is not listed in full. */
const MAX_FIELDS = 20;

/** A key as it may be shown in a field path: its control characters made visible, never echoed raw. */
const shownKey = (key: string) => key.replace(/\p{Cc}/gu, '\uFFFD');

/**
 * Every string or key in `value` that holds a control character other than tab, LF and CR, by its dotted path (as the
 * validation errors name fields). Which fields may hold line breaks is the contract's business; here only what no
 * field may hold is refused.
 */
export function refusedFields(value: unknown, path = '', depth = 0, found: Field[] = []): Field[] {
  if (found.length >= MAX_FIELDS) return found;
  if (typeof value === 'string') {
    if (hasControlCharacters(value, { multiline: true }))
      found.push({ path, message: validationText('validation.controlCharacters')! });
    return found;
  }
  // Raw bytes (a binary body) are no text of ours.
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return found;
  if (depth >= MAX_DEPTH) {
    found.push({ path, message: validationText('validation.invalid')! });
    return found;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${shownKey(key)}` : shownKey(key);
    if (hasControlCharacters(key, { multiline: true }))
      found.push({ path: at, message: validationText('validation.controlCharacters')! });
    refusedFields(item, at, depth + 1, found);
  }
  return found;
}

function check(value: unknown, where: string) {
  const fields = refusedFields(value).map((field) => ({ ...field, path: field.path || where }));
  if (fields.length > 0) throw badRequest('ValidationError', fields);
}

/**
 * The edge's safety net under the contract's own rule (decision 0049): no text with a NUL or another control
 * character reaches a hook or handler, also on a route whose schema forgot `plainText`. Path parameters and the query
 * string are checked as soon as the route is known (before authentication and any company lookup), the body as soon
 * as it is parsed, before the route's validation.
 */
export function registerCleanInput(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => cleanInput.request(request));
  app.addHook('preValidation', async (request) => cleanInput.body(request));
}

/** The two checks, also run by a sync batch's change that takes no `app.inject` (decision 0081). */
export const cleanInput = {
  request(request: Pick<FastifyRequest, 'params' | 'query'>) {
    check(request.params, 'params');
    check(request.query, 'querystring');
  },
  body(request: Pick<FastifyRequest, 'body'>) {
    check(request.body, 'body');
  },
};
