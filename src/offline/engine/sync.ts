import type { OfflineDb } from './database';
import { drainUnlocked, type DrainSummary } from './drain';
import { DRAIN_LOCK, defaultLock, type LockProvider } from './lock';
import { refreshUnlocked, type RefreshSummary } from './refresh';
import type { EngineSession } from './session';
import type { Transport } from './transport';

export interface SyncResult {
  drain: DrainSummary;
  refresh: RefreshSummary | null;
}

export interface SyncOptions {
  db: OfflineDb;
  transport: Transport;
  /** Companies to read again besides those the drain touched (the chosen company). */
  companyCodes?: Iterable<string>;
  force?: boolean;
  now?: () => number;
  random?: () => number;
  lock?: LockProvider;
  onSessionRenewed?: (session: EngineSession) => void;
}

/**
 * One sync under the drain lock: send the current user's waiting changes, then (when nothing stopped the drain) read
 * the touched and chosen companies' lists again and rebase the mirror. What the service worker runs on a `sync` event.
 */
export function sync(options: SyncOptions): Promise<SyncResult> {
  return (options.lock ?? defaultLock)(DRAIN_LOCK, async () => {
    const drained = await drainUnlocked(options);
    if (drained.stopped !== null) return { drain: drained, refresh: null };
    const companies = new Set([...drained.companies, ...(options.companyCodes ?? [])]);
    const refreshed = await refreshUnlocked({ ...options, companyCodes: companies });
    return { drain: drained, refresh: refreshed };
  });
}
