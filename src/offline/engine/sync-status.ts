import type { OutboxEntry, OutboxError } from './database';

/** What the sync indicator and panel show. */
export interface SyncStatus {
  online: boolean;
  /** The logged-in user, or null. */
  userId: string | null;
  /** The company whose lists are kept fresh (the chosen company). */
  companyCode: string | null;
  /** The current user's changes waiting to be sent (blocked ones included). */
  pending: number;
  /** Changes of other users on this device, waiting for their user to log in. */
  otherUsersPending: number;
  /** The current user's refused changes, with the server's Swedish message in `lastError`. */
  rejected: OutboxEntry[];
  /** The current user's queue waits for a new login (the token could not be renewed). Nothing is dropped. */
  blocked: boolean;
  /** ISO time of the last completed refresh of the current company for the current user. */
  lastSyncedAt: string | null;
  draining: boolean;
  /** An open list (or other aggregate) is known to be behind the server and is being read again (decision 0060). */
  updating: boolean;
  /** When the first waiting change is tried again (epoch ms), during a backoff. */
  retryAt: number | null;
  /** Why the first waiting change has not gone yet (network, server), if it was tried. */
  lastError: OutboxError | null;
}

/**
 * The status before anything is known: nothing waiting, no company, nothing read yet. Its own module, free of Dexie,
 * so that the page can show it before the engine has loaded (api/session/hooks.ts).
 */
export function initialSyncStatus(online: boolean): SyncStatus {
  return {
    online,
    userId: null,
    companyCode: null,
    pending: 0,
    otherUsersPending: 0,
    rejected: [],
    blocked: false,
    lastSyncedAt: null,
    draining: false,
    updating: false,
    retryAt: null,
    lastError: null,
  };
}
