import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api-error';
import { currentUserQuery } from '../queries/customer';
import { session, type SessionEndReason } from './session';

/**
 * How long the first screen waits for the server to answer who the user is (decision 0085). A cold room's Wi-Fi often
 * connects without leading anywhere: the request then neither answers nor fails, and the app stayed blank until the
 * browser gave up on it, a minute or more. Past this, the app starts as it does offline, from what the device kept.
 */
export const STARTUP_ANSWER_WAIT_MS = 2_000;

const TIMED_OUT = Symbol('timed out');

/**
 * Loads the state of a stored session before the first render. SPEC §4: if loading fails, the token is deleted
 * and the stores reset. Offline keeps the session. Resolves with the reason the session ended meanwhile, if it did
 * (a failed renewal on the way counts), so the app can send the user to the right place.
 *
 * An answer that takes longer than `waitMs` is not waited for: the device's copy is put back (as offline) and the
 * answer, when it comes, is applied then. A refusal still ends the session (`startupFailed`: the app's session rules
 * reset the stores and leave an auth page, as after any session end); a network failure keeps it, as offline.
 */
export async function loadSessionState(
  queryClient: QueryClient,
  /** Offline start: puts what the device kept of the user's data back (see query-persist.ts). */
  restoreOffline: () => Promise<unknown> = async () => undefined,
  waitMs = STARTUP_ANSWER_WAIT_MS,
): Promise<SessionEndReason | null> {
  const asked = session.get()?.token;
  if (!asked) return null;
  let ended: SessionEndReason | null = null;
  const stop = session.subscribe((current, reason) => {
    if (!current && reason) ended = reason;
  });
  const answer = queryClient.fetchQuery(currentUserQuery()).then(
    () => null,
    (error: unknown) => ({ error }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), waitMs);
  });
  try {
    const outcome = await Promise.race([answer, waited]);
    if (outcome === TIMED_OUT) {
      await restoreOffline();
      void answer.then((late) => {
        // Only for the session that asked: one that was renewed or replaced by another login meanwhile stays.
        if (!late || isNetworkError(late.error) || session.get()?.token !== asked) return;
        queryClient.clear(); // also when the app's session rules are not wired yet (the first render has not begun)
        session.clear('startupFailed');
      });
    } else if (outcome) {
      const offline = isNetworkError(outcome.error);
      queryClient.clear();
      if (!offline && session.get()) session.clear('startupFailed');
      if (offline && session.get()) await restoreOffline();
    }
  } finally {
    clearTimeout(timer);
    stop();
  }
  return ended;
}

const isNetworkError = (error: unknown) => isApiError(error) && error.isNetworkError;
