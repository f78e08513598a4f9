import type { SessionEndReason } from '../api/session/session-store';
import { paths } from '../lib/paths';

/** SPEC §2/§4: to '/' after a logout or a failed renewal; otherwise to /login, but only from an auth page. */
export function destinationAfterSessionEnd(reason: SessionEndReason, onAuthPage: boolean): string | null {
  if (reason === 'logout' || reason === 'renewalFailed') return paths.home;
  return onAuthPage ? paths.login : null;
}
