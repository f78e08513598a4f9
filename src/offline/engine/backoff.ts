/** First wait after a failed attempt, and the longest wait (DESIGN.md: back off, keep the entry). */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/**
 * The wait before attempt `attempts + 1`: 1 s, 2 s, 4 s … capped at 5 min, with "equal jitter" (half fixed, half
 * random) so that many phones coming back online at once do not hit the server in step.
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** exponent);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** A `Retry-After` header (seconds or an HTTP date) in ms from `now`, or 0. */
export function retryAfterMs(header: string | null, now: number): number {
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}
