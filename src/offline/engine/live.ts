/**
 * A live feed of one aggregate from the server (decision 0060): a server-sent-event stream read with `fetch`, because
 * the browser's EventSource cannot send the Bearer header. It carries news only ("this changed", "read it again"),
 * never data; the kind reads the aggregate through its normal, authorised refresh. When the stream cannot be held
 * (a proxy that buffers it, 404, 429, failure after failure) the feed polls instead, and tries the stream again later.
 */
import { backoffDelay } from './backoff';

/** Why the aggregate should be read again: a change named by the server, or news that may have been missed. */
export type LiveNews = 'changed' | 'resync';

export interface LiveFeedOptions {
  /** The stream's full address. */
  url: string;
  /** The page's current token; null when nobody is logged in (the feed then waits). */
  token(): string | null;
  /** Renews the token after a 401; true when there is a new one to try. */
  renew(): Promise<boolean>;
  /**
   * Read the aggregate again. `data`: what the server said with a `changed` (its JSON `data:` line), for the kind to
   * tell whether the device already holds it (`EntityKind.knowsNews`); undefined when it said nothing readable.
   */
  onNews(news: LiveNews, data?: unknown): void;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** How often to read when the stream cannot be held. */
  pollMs?: number;
  random?: () => number;
}

export const LIVE_POLL_MS = 10_000;
/** The server sends a comment every 20 s: this long without a byte means the connection died (a phone's sleep). */
const SILENCE_MS = 45_000;
/** After this many failures in a row, poll while trying the stream again. */
const FAILURES_BEFORE_POLLING = 3;
/** An answer that says the stream will not work here (gone, too many, not a stream): poll, and try again this late. */
const UNUSABLE_RETRY_MS = 60_000;
/** A list on screen comes back within half a minute at most, not after the drain's five. */
const LONGEST_WAIT_MS = 30_000;

/** Opens the feed; the returned function closes it for good. */
export function openLiveFeed(options: LiveFeedOptions): () => void {
  const doFetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const pollMs = options.pollMs ?? LIVE_POLL_MS;
  let stopped = false;
  let failures = 0;
  let connectedOnce = false;
  let abort: AbortController | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;

  const poll = (on: boolean) => {
    if (on && !pollTimer) pollTimer = setInterval(() => options.onNews('resync'), pollMs);
    if (!on && pollTimer) {
      clearInterval(pollTimer);
      pollTimer = undefined;
    }
  };

  const again = (delay: number) => {
    if (stopped) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), delay);
  };

  const failed = () => {
    failures++;
    if (failures >= FAILURES_BEFORE_POLLING) poll(true);
    again(Math.min(LONGEST_WAIT_MS, backoffDelay(failures, options.random ?? Math.random)));
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const token = options.token();
    if (!token) return again(UNUSABLE_RETRY_MS);
    abort = new AbortController();
    let response: Response;
    try {
      response = await doFetch(options.url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal: abort.signal,
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch {
      return failed();
    }
    if (response.status === 401) {
      void response.body?.cancel();
      return (await options.renew()) ? again(0) : failed();
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !response.body || !type.includes('text/event-stream')) {
      void response.body?.cancel();
      poll(true);
      return again(UNUSABLE_RETRY_MS);
    }
    failures = 0;
    poll(false);
    // Changes made while no stream was open were not announced: read once on every stream but the first (the screen
    // has just read the list when it opened).
    if (connectedOnce) options.onNews('resync');
    connectedOnce = true;
    const expired = await read(response.body, abort);
    if (stopped) return;
    // The session ended (the page has a renewed token by now) or the server closed: open again.
    if (expired) again(0);
    else failed();
  }

  /** Reads events until the stream ends; true when the server ended it because the session did. */
  async function read(body: ReadableStream<Uint8Array>, controller: AbortController): Promise<boolean> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let expired = false;
    let silence = setTimeout(() => controller.abort(), SILENCE_MS);
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        clearTimeout(silence);
        silence = setTimeout(() => controller.abort(), SILENCE_MS);
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          const event = /^event: *(.+)$/m.exec(block)?.[1]?.trim();
          buffer = buffer.slice(cut + 2);
          if (event === 'changed') options.onNews(event, dataOf(block));
          if (event === 'resync') options.onNews(event);
          if (event === 'expired') expired = true;
        }
      }
    } catch {
      // Aborted (closed, or silent too long) or the connection dropped.
    } finally {
      clearTimeout(silence);
    }
    return expired;
  }

  void connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    poll(false);
    abort?.abort();
  };
}

/** An event's `data:` line as JSON; undefined when it has none or it is not JSON. */
function dataOf(block: string): unknown {
  const line = /^data: *(.*)$/m.exec(block)?.[1];
  if (line === undefined) return undefined;
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}
