/** One HTTP request of the engine. `path` is absolute from the API root, e.g. `/v1/purchase-lists`. */
export interface TransportRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface TransportResponse {
  status: number;
  /** The parsed JSON body; null for an empty body (204). */
  body: unknown;
  headers: { get(name: string): string | null };
}

/**
 * Sends a request and resolves with any HTTP answer; rejects (like fetch, with a TypeError) when no answer arrived.
 * Tests wrap the real one to cut the network or lose an answer.
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export interface FetchTransportOptions {
  /** API root: '/' (same origin), 'https://api.example.se/' or 'http://127.0.0.1:8080'. */
  baseUrl: string;
  fetch?: FetchLike;
  /** A request with no answer after this long counts as a network error (cold rooms have half a bar). */
  timeoutMs?: number;
}

type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export const DEFAULT_TIMEOUT_MS = 30_000;

/** Joins the API root and a path: ('/', '/v1/x') → '/v1/x'; ('https://a.se/api/', '/v1/x') → 'https://a.se/api/v1/x'. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The engine's fetch transport; runs in a page, a service worker and Node. */
export function createFetchTransport(options: FetchTransportOptions): Transport {
  const { baseUrl, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const doFetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  return async ({ method, path, headers, body }) => {
    const hasBody = body !== undefined && body !== null;
    const response = await doFetch(joinUrl(baseUrl, path), {
      method,
      headers: { Accept: 'application/json', ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
      credentials: 'omit',
    });
    // An answer that cannot be read counts as no answer: the change is sent again under the same Idempotency-Key.
    const text = await response.text();
    let parsed: unknown = null;
    if (text.trim() !== '') {
      try {
        parsed = JSON.parse(text) as unknown;
      } catch {
        if (response.ok) throw new TypeError(`Unreadable answer to ${method} ${path}`);
      }
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
}
