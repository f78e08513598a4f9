import type { ZodType } from 'zod';
import { apiError } from '../../common';
import type { Call } from '../call';

/**
 * What the server validates a call with and publishes in its OpenAPI document: the zod schemas of its params, query,
 * body and answers (from the contract modules) and its summary. Kept apart from the call tables so that the app's
 * screens can build paths without loading zod (decision 0044); typed by the table's keys, so that a call without its
 * schemas is a type error (decision 0055).
 */
export type RouteSchema = {
  tags?: string[];
  summary?: string;
  description?: string;
  hide?: boolean;
  produces?: string[];
  consumes?: string[];
  security?: { [scheme: string]: string[] }[];
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  response?: { [status: number]: ZodType };
};

/** A call with its schemas: what the server registers. */
export type Route<C extends Call = Call, S extends RouteSchema = RouteSchema> = C & { readonly schema: S };

/** The calls of one table, each with its schemas. */
export function describe<C extends Record<string, Call>, S extends { [K in keyof C]: RouteSchema }>(
  calls: C,
  schemas: S,
): { [K in keyof C]: Route<C[K], S[K]> } {
  return Object.fromEntries(
    Object.entries(calls).map(([name, call]) => [name, { ...call, schema: schemas[name] }]),
  ) as { [K in keyof C]: Route<C[K], S[K]> };
}

/** The error answers every signed-in call may give (contract/common's `apiError`). */
export const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError };
/** A signed-in call: a bearer token. */
export const security = [{ bearer: [] }];
/** The contact form's call: a bearer token too, but the one-message token of GET /v1/contact-us/token, not a session. */
export const contactSecurity = [{ contactToken: [] }];
