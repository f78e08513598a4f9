import type { z } from 'zod';
import { ApiError, NETWORK_ERROR_STATUS } from './api-error';
import {
  buildUrl,
  errorFromResponse,
  IDEMPOTENT_METHODS,
  readJson,
  RETRYABLE_STATUSES,
  type HttpMethod,
  type QueryValue,
} from './http';

/**
 * How long a read (a GET whose answer is JSON) may go without an answer before it counts as a network failure
 * (decision 0085). On a network that connects but leads nowhere (a cold room's Wi-Fi) a request neither answers nor
 * fails, and a screen that waited for it stayed in its loading state until the browser gave up, minutes later. A write
 * is not cut short (it may be applied without its answer; the offline engine sends it again with its key), nor a file.
 */
export const READ_ANSWER_WAIT_MS = 15_000;

/**
 * A signal that aborts with the caller's, or when no answer has come in `waitMs`: the limit is on the wait for the
 * answer, not on reading its body (a long list on a slow network is still read). Call `answered` once it has come.
 */
function answerLimit(signal: AbortSignal | undefined, waitMs: number) {
  const controller = new AbortController();
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException('No answer', 'TimeoutError')), waitMs);
  return { signal: controller.signal, answered: () => clearTimeout(timer) };
}

export interface ApiClientDeps {
  baseUrl: string;
  fetch: typeof fetch;
  /** The current session token, or null when logged out. */
  getToken: () => string | null;
  /** Renews the session (single flight). Resolves true when a new token is in place; logs out itself on failure. */
  renewSession: () => Promise<boolean>;
  /** A 401 that renewal could not cure, with the token that got it: that session is over. */
  onUnauthorized: (token: string) => void;
  /** The time limit of a read (`READ_ANSWER_WAIT_MS` unless given). */
  readWaitMs?: number;
}

/**
 * - 'session' (default): Bearer token when logged in; a 401 renews once and retries once.
 * - 'none': no Authorization header, a 401 is just an error (login, forgot/reset password).
 * - 'noRenew': Bearer token, but a 401 is just an error (logout).
 */
export type AuthMode = 'session' | 'none' | 'noRenew';

export interface RequestOptions<T> {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /**
   * Contract schema the response is parsed with; without it the body is returned as unknown. A function that imports
   * the schema instead keeps its contract module (and zod) out of the app shell: requests made on the first screen
   * pass one, so the contract loads with the answer it checks (docs/decisions/0044).
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  /**
   * A hand reader instead of a schema, for the few answers the first screen reads without zod (api/read-fields.ts):
   * undefined refuses the answer as a failed schema would.
   */
  read?: (body: unknown) => T | undefined;
  auth?: AuthMode;
  signal?: AbortSignal;
  /** More request headers (e.g. the contact form's own Bearer token with auth 'none'). */
  headers?: Record<string, string>;
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  /**
   * The answer itself, for a file (an export): the same session, renewal and errors as `request`, but the body is
   * left to the caller (blob, or read as a stream for progress). Throws ApiError unless the answer is 2xx.
   */
  response(path: string, options?: Omit<RequestOptions<never>, 'schema' | 'read'>): Promise<Response>;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  async function send(
    method: HttpMethod,
    url: string,
    token: string | null,
    options: RequestOptions<unknown>,
    limited: boolean,
  ) {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const limit = limited ? answerLimit(options.signal, deps.readWaitMs ?? READ_ANSWER_WAIT_MS) : undefined;
    try {
      return await deps.fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: limit?.signal ?? options.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      throw new ApiError({ method, url, status: NETWORK_ERROR_STATUS, code: 'NetworkError', message: '' });
    } finally {
      limit?.answered();
    }
  }

  /** Sends with the session (renewing once on a 401) until an answer that is 2xx, else throws its ApiError. */
  async function exchange(
    path: string,
    options: RequestOptions<unknown>,
    limited = false,
  ): Promise<{ response: Response; url: string }> {
    const method = options.method ?? 'GET';
    const auth = options.auth ?? 'session';
    const url = buildUrl(deps.baseUrl, path, options.query);
    let renewed = false;
    let retried = false;

    for (;;) {
      const token = auth === 'none' ? null : deps.getToken();
      const response = await send(method, url, token, options, limited && method === 'GET');

      if (response.status === 401 && auth === 'session' && token) {
        if (!renewed) {
          renewed = true;
          // Another request may have renewed the token meanwhile: then just try again with it.
          const current = deps.getToken();
          if ((current && current !== token) || (await deps.renewSession())) continue;
          throw await errorFromResponse(method, url, response);
        }
        deps.onUnauthorized(token);
        throw await errorFromResponse(method, url, response);
      }

      if (!response.ok) {
        if (!retried && IDEMPOTENT_METHODS.has(method) && RETRYABLE_STATUSES.has(response.status)) {
          retried = true;
          continue;
        }
        throw await errorFromResponse(method, url, response);
      }
      return { response, url };
    }
  }

  async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const method = options.method ?? 'GET';
    // A schema imported on demand is fetched beside the request, not after its answer.
    const schemaLoad = typeof options.schema === 'function' ? options.schema() : undefined;
    schemaLoad?.catch(() => undefined);
    const { response, url } = await exchange(path, options, true);
    let body: unknown;
    try {
      body = await readJson(response);
    } catch {
      throw new ApiError({ method, url, status: response.status, code: 'InvalidResponse' });
    }
    const refused = () => new ApiError({ method, url, status: response.status, code: 'InvalidResponse' });
    if (options.read) {
      const read = options.read(body);
      if (read === undefined) throw refused();
      return read;
    }
    if (!options.schema) return body as T;
    const schema = schemaLoad ? await schemaLoad : (options.schema as z.ZodType<T>);
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw refused();
    return parsed.data;
  }

  async function response(
    path: string,
    options: Omit<RequestOptions<never>, 'schema' | 'read'> = {},
  ): Promise<Response> {
    return (await exchange(path, { ...options, headers: { Accept: '*/*', ...options.headers } })).response;
  }

  return { request, response };
}
