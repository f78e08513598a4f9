/**
 * Reads a page starts before the engine has loaded, for the engine's next refresh to take instead of asking again
 * (decision 0089). A phone that opens a list for the first time waited for the engine's chunks, its session check and
 * the company's overview before the list itself was asked for: ~0.6 s of a 5 000-item list's first visit. The page now
 * asks for the list as soon as it knows the company, and the refresh takes that answer when it is new enough (its kind
 * decides: the version it holds must be at least the one the overview, read after the drain, names).
 *
 * No imports: the page loads this without the engine. An early read is kept for one user, taken once, and only for
 * `KEEP_MS`; a read that fails is simply not there.
 */

/** An answer to a GET: its status and parsed JSON body. */
export interface EarlyAnswer {
  status: number;
  body: unknown;
}

interface Early {
  userId: string;
  at: number;
  /** Undefined: the engine asked first (it reads the path itself), so the page does not start a read. */
  answer?: Promise<EarlyAnswer | null>;
}

/** How long an early read waits to be taken: the engine's first refresh comes within a second or two of it. */
export const KEEP_MS = 30_000;

const early = new Map<string, Early>();

function forgetOld(now: number): void {
  for (const [path, e] of early) if (now - e.at > KEEP_MS) early.delete(path);
}

/**
 * The page reads `path` ahead with the session of `userId` (`start` sends the GET), unless an early read of it is
 * waiting or the engine has just asked for it (then the engine reads it itself, and a second read would be waste).
 */
export function readAhead(
  path: string,
  userId: string,
  start: () => Promise<EarlyAnswer | null>,
  now = Date.now(),
): void {
  forgetOld(now);
  if (early.has(path)) return;
  early.set(path, { userId, at: now, answer: start().catch(() => null) });
}

/**
 * Takes the early read of `path` for `userId`, once: undefined when there is none (or it was another user's, or too
 * old); the promise resolves null when the read failed. The caller still checks that the answer is new enough. When
 * there is none, the engine reads the path itself: the page does not start one for a while.
 */
export function takeReadAhead(path: string, userId: string, now = Date.now()): Promise<EarlyAnswer | null> | undefined {
  forgetOld(now);
  const found = early.get(path);
  early.set(path, { userId, at: now });
  return found?.userId === userId ? found.answer : undefined;
}
