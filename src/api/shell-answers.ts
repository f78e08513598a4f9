import type { ApiError as ApiErrorBody } from '../../contract/common';
import type { TokenResponse } from '../../contract/auth';
import { isRecord, readFields } from './read-fields';

/**
 * The two answers the app shell reads before any screen's code is there: an error body (any failed call) and a
 * renewed token (start-up with a session). Checked here by hand, so that the shell carries neither zod nor a contract
 * module (docs/decisions/0044); every other answer is parsed with its contract schema. tests/client/shell-answers.test.ts
 * holds these guards to contract/common's `apiError` and contract/auth's `tokenResponse`.
 */

const isFieldError = (value: unknown): boolean =>
  isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';

/** The API's `{code, message, fields?}`, or undefined when the body is something else. */
export function readErrorBody(body: unknown): ApiErrorBody | undefined {
  if (!isRecord(body) || typeof body.code !== 'string' || typeof body.message !== 'string') return undefined;
  const { fields } = body;
  if (fields !== undefined && !(Array.isArray(fields) && fields.every(isFieldError))) return undefined;
  const answer: ApiErrorBody = { code: body.code, message: body.message };
  if (fields !== undefined)
    answer.fields = (fields as { path: string; message: string }[]).map(({ path, message }) => ({ path, message }));
  return answer;
}

/** SPEC §3's token answer `{token, validTo}`, or undefined. */
export const readTokenResponse = (body: unknown) =>
  readFields<TokenResponse>(body, { token: ['string'], validTo: ['string'] });
