import type { ApiError as ApiErrorBody } from '../../contract/common';
import type { TokenResponse } from '../../contract/auth';
import { readFields } from './read-fields';

/**
 * The two answers the app shell reads before any screen's code is there: an error body (any failed call) and a
 * renewed token (start-up with a session). Checked here by hand, so that the shell carries neither zod nor a contract
 * module (docs/decisions/0044); every other answer is parsed with its contract schema. tests/client/shell-answers.test.ts
 * holds these guards to contract/common's `apiError` and contract/auth's `tokenResponse`.
 */

type FieldError = NonNullable<ApiErrorBody['fields']>[number];
const readFieldError = (value: unknown) => readFields<FieldError>(value, { path: ['string'], message: ['string'] });

/** The API's `{code, message, fields?}`, or undefined when the body is something else. */
export function readErrorBody(body: unknown): ApiErrorBody | undefined {
  const head = readFields<ApiErrorBody & { fields: unknown }>(body, {
    code: ['string'],
    message: ['string'],
    fields: ['unknown'],
  });
  if (!head) return undefined;
  const answer: ApiErrorBody = { code: head.code, message: head.message };
  if (head.fields === undefined) return answer;
  const fields = Array.isArray(head.fields) ? head.fields.map(readFieldError) : [undefined];
  return fields.every((field) => field !== undefined) ? { ...answer, fields } : undefined;
}

/** SPEC §3's token answer `{token, validTo}`, or undefined. */
export const readTokenResponse = (body: unknown) =>
  readFields<TokenResponse>(body, { token: ['string'], validTo: ['string'] });
