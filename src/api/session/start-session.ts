import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api-error';
import { currentUserQuery } from '../queries/customer';
import { session, type SessionEndReason } from './session';

/**
 * Loads the state of a stored session before the first render. SPEC §4: if loading fails, the token is deleted
 * and the stores reset. Offline keeps the session. Resolves with the reason the session ended meanwhile, if it did
 * (a failed renewal on the way counts), so the app can send the user to the right place.
 */
export async function loadSessionState(
  queryClient: QueryClient,
  /** Offline start: puts what the device kept of the user's data back (see query-persist.ts). */
  restoreOffline: () => Promise<unknown> = async () => undefined,
): Promise<SessionEndReason | null> {
  if (!session.get()) return null;
  let ended: SessionEndReason | null = null;
  const stop = session.subscribe((current, reason) => {
    if (!current && reason) ended = reason;
  });
  try {
    await queryClient.fetchQuery(currentUserQuery());
  } catch (error) {
    const offline = isApiError(error) && error.isNetworkError;
    queryClient.clear();
    if (!offline && session.get()) session.clear('startupFailed');
    if (offline && session.get()) await restoreOffline();
  } finally {
    stop();
  }
  return ended;
}
