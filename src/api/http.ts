import { ApiError, codeForStatus } from './api-error';
import { readErrorBody } from './shell-answers';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** SPEC §7/§8: statuses after which a request may be tried again. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/** Methods that are safe to send twice (RFC 9110 §9.2.2). */
export const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export type QueryValue = string | number | boolean | null | undefined;

/** '/', 'v1/x' → '/v1/x'; 'https://api.se/base/', '/v1/x' → 'https://api.se/base/v1/x'. Empty query values are left out. */
export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** Turns a non-2xx response into an ApiError, reading the API's {code, message, fields} when present. */
export async function errorFromResponse(method: string, url: string, response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = readErrorBody(body);
  return new ApiError({
    method,
    url,
    status: response.status,
    code: parsed ? parsed.code : codeForStatus(response.status),
    message: parsed?.message,
    fields: parsed?.fields,
  });
}

/** Reads a body that may be empty (204, or an empty 200). */
export async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  return text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
