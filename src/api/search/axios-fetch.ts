/**
 * A fetch-based stand-in for axios, for the browser build only (docs/decisions/0046-search-client-over-fetch.md).
 *
 * The `typesense` client calls axios in one place (`lib/Typesense/ApiCall.js`); axios costs about 20 KB gzip of the
 * search page's first load. vite.config.ts points `axios` at this module in the client build, so the client runs
 * unchanged over `fetch`. The server and its tests keep the real axios.
 *
 * It does what axios's browser (XHR) adapter does with the options typesense passes: `params` serialised as axios
 * does, an object body as JSON, no Content-Type without a body, `timeout`, `cancelToken`, `validateStatus`,
 * `transformResponse` (typesense's own replaces axios's JSON parse), and errors typesense reads the same way (`code`,
 * `message`, `response`). Like the XHR adapter it ignores `maxContentLength`, `maxBodyLength` and node agents. It
 * refuses what typesense passes only when configured for it (engine.ts is not): a custom adapter or params
 * serialiser, and streaming or binary responses.
 */

type HeaderValue = string | number | boolean | null | undefined;

export type ResponseTransform = (
  this: AxiosRequestConfig,
  data: unknown,
  headers: Record<string, string>,
  status?: number,
) => unknown;

export interface AxiosRequestConfig {
  method?: string;
  url?: string;
  headers?: Record<string, HeaderValue>;
  params?: Record<string, unknown>;
  data?: unknown;
  /** Milliseconds for the whole exchange, body included; 0 or missing: none. */
  timeout?: number;
  validateStatus?: ((status: number) => boolean) | null;
  transformResponse?: ResponseTransform | ResponseTransform[];
  responseType?: string;
  cancelToken?: CancelToken;
  /** Refused when set: typesense sets them only when configured to (`axiosAdapter`, `paramsSerializer`). */
  adapter?: unknown;
  paramsSerializer?: unknown;
  /** Ignored, as axios's browser adapter ignores them. */
  maxContentLength?: number;
  maxBodyLength?: number;
  httpAgent?: unknown;
  httpsAgent?: unknown;
}

export interface AxiosResponse<T = unknown> {
  data: T;
  status: number;
  statusText: string;
  /** Lower-case names, as axios's browser adapter gives them. */
  headers: Record<string, string>;
  config: AxiosRequestConfig;
}

export class AxiosError extends Error {
  readonly isAxiosError = true;
  readonly status: number | undefined;

  constructor(
    message: string,
    readonly code: string,
    readonly config: AxiosRequestConfig,
    readonly response?: AxiosResponse,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AxiosError';
    this.status = response?.status;
  }
}

export class CanceledError extends AxiosError {
  readonly __CANCEL__ = true;

  constructor(message: string | undefined, config: AxiosRequestConfig) {
    super(message ?? 'canceled', 'ERR_CANCELED', config);
    this.name = 'CanceledError';
  }
}

/** Only `CancelToken.source()`, what typesense uses to pass on its caller's AbortSignal. */
export class CancelToken {
  private readonly controller = new AbortController();
  private message: string | undefined;

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get reason(): string | undefined {
    return this.message;
  }

  static source(): { token: CancelToken; cancel: (message?: string) => void } {
    const token = new CancelToken();
    return {
      token,
      cancel: (message) => {
        if (token.signal.aborted) return;
        token.message = message;
        token.controller.abort();
      },
    };
  }
}

// ── Query string (axios's buildURL with its default serialiser) ───────────────────────────────────────────────────

const encode = (value: unknown) =>
  encodeURIComponent(String(value))
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+');

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype;
};

const isVisitable = (value: unknown): value is Record<string, unknown> | unknown[] =>
  Array.isArray(value) || isPlainObject(value);

const paramValue = (value: unknown) =>
  value instanceof Date ? value.toISOString() : typeof value === 'boolean' ? String(value) : value;

const withoutBrackets = (key: string) => (key.endsWith('[]') ? key.slice(0, -2) : key);

/**
 * `a=1&b=x+y`: null and undefined left out; a flat array as `key[]=…` repeated; a nested object or array as
 * `key[sub]=…`; a top-level `key{}` as JSON. typesense joins its list parameters with commas before they get here.
 */
function serialise(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => pairs.push(`${encode(key)}=${encode(paramValue(value))}`);
  const visit = (value: object, path: string[]) => {
    for (const [rawKey, item] of Object.entries(value)) {
      if (item === undefined || item === null) continue;
      const key = rawKey.trim();
      if (path.length === 0 && typeof item === 'object' && key.endsWith('{}')) {
        add(key, JSON.stringify(item));
      } else if (path.length === 0 && Array.isArray(item) && (key.endsWith('[]') || !item.some(isVisitable))) {
        for (const element of item) {
          if (element !== undefined && element !== null) add(`${withoutBrackets(key)}[]`, element);
        }
      } else if (isVisitable(item)) {
        visit(item, [...path, rawKey]);
      } else {
        const [first, ...rest] = [...path, key].map(withoutBrackets);
        add(path.length === 0 ? key : `${first}${rest.map((token) => `[${token}]`).join('')}`, item);
      }
    }
  };
  visit(params, []);
  return pairs.join('&');
}

export function urlOf(url: string, params: Record<string, unknown> | undefined): string {
  const query = params ? serialise(params) : '';
  if (!query) return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

// ── Body (axios's default transformRequest, for what typesense sends: objects and strings) ──────────────────────────

function bodyOf(data: unknown, headers: Headers): string | undefined {
  if (data === undefined) return undefined;
  if (typeof data !== 'string') return JSON.stringify(data);
  if (!(headers.get('content-type') ?? '').includes('application/json')) return data;
  // A string under a JSON content type goes as it is when it parses, else as a JSON string (axios's stringifySafely).
  try {
    JSON.parse(data);
    return data.trim();
  } catch {
    return JSON.stringify(data);
  }
}

// ── Response ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** axios's default, used only when the caller passes none (typesense always passes its own). */
const parseJsonSilently: ResponseTransform = function (data) {
  if (typeof data !== 'string' || data === '' || (this.responseType && this.responseType !== 'json')) return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
};

const defaultValidateStatus = (status: number) => status >= 200 && status < 300;

function refuseUnsupported(config: AxiosRequestConfig): void {
  const unsupported = [
    config.adapter !== undefined && 'an adapter',
    config.paramsSerializer !== undefined && 'a params serialiser',
    config.responseType !== undefined &&
      !['json', 'text'].includes(config.responseType) &&
      `responseType ${config.responseType}`,
  ].find(Boolean);
  if (unsupported) throw new Error(`axios-fetch: ${unsupported} is not supported (docs/decisions/0046)`);
}

async function request(config: AxiosRequestConfig): Promise<AxiosResponse> {
  refuseUnsupported(config);
  const headers = new Headers({ Accept: 'application/json, text/plain, */*' });
  // Headers.set is case-insensitive: a later `content-type` replaces an earlier `Content-Type`, as in axios.
  for (const [name, value] of Object.entries(config.headers ?? {})) {
    if (value !== undefined && value !== null && value !== false) headers.set(name, String(value));
  }
  const body = bodyOf(config.data, headers);
  if (body === undefined) headers.delete('content-type');

  const controller = new AbortController();
  let stopped: AxiosError | undefined;
  const stop = (error: AxiosError) => {
    stopped ??= error;
    controller.abort();
  };
  const { timeout, cancelToken } = config;
  const timer = timeout
    ? setTimeout(() => stop(new AxiosError(`timeout of ${timeout}ms exceeded`, 'ECONNABORTED', config)), timeout)
    : undefined;
  const onCancel = () => stop(new CanceledError(cancelToken?.reason, config));
  if (cancelToken?.signal.aborted) onCancel();
  cancelToken?.signal.addEventListener('abort', onCancel);

  let answer: Response;
  let text: string;
  try {
    if (stopped) throw stopped;
    answer = await fetch(urlOf(config.url ?? '', config.params), {
      method: (config.method ?? 'get').toUpperCase(),
      headers,
      body,
      signal: controller.signal,
    });
    text = await answer.text();
  } catch (error) {
    throw stopped ?? new AxiosError('Network Error', 'ERR_NETWORK', config, undefined, error);
  } finally {
    clearTimeout(timer);
    cancelToken?.signal.removeEventListener('abort', onCancel);
  }

  const responseHeaders: Record<string, string> = {};
  answer.headers.forEach((value, name) => (responseHeaders[name] = value));
  const response: AxiosResponse = {
    data: text,
    status: answer.status,
    statusText: answer.statusText,
    headers: responseHeaders,
    config,
  };
  const transforms = config.transformResponse ?? parseJsonSilently;
  for (const transform of Array.isArray(transforms) ? transforms : [transforms]) {
    response.data = transform.call(config, response.data, responseHeaders, response.status);
  }
  const validateStatus = config.validateStatus === undefined ? defaultValidateStatus : config.validateStatus;
  if (!response.status || !validateStatus || validateStatus(response.status)) return response;
  throw new AxiosError(
    `Request failed with status code ${response.status}`,
    response.status >= 400 && response.status < 500 ? 'ERR_BAD_REQUEST' : 'ERR_BAD_RESPONSE',
    config,
    response,
  );
}

/**
 * typesense calls `getAdapter` only when `axiosAdapter` is configured (engine.ts does not). There is one transport
 * here, fetch: any adapter typesense would pass on is refused by `request` (refuseUnsupported).
 */
const getAdapter = (_name?: unknown): undefined => undefined;

const axios = Object.assign(request, { CancelToken, getAdapter });

export default axios;
