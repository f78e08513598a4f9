import { liveQuery } from 'dexie';
import { offlineDb, requestBackgroundSync } from '../../offline';

/**
 * While the current user's changes wait in the outbox, a Background Sync is registered (Chromium): the browser wakes
 * the service worker to drain them when the network is back, even after this tab was closed. Registered again whenever
 * the number of waiting changes grows (a fired registration is used up). A no-op where Background Sync is missing.
 */
export function registerBackgroundSyncWhileWaiting(): () => void {
  if (!('serviceWorker' in navigator) || !('SyncManager' in window)) return () => {};
  const db = offlineDb();
  let last = 0;
  const subscription = liveQuery(async () => {
    const current = await db.session.get('current');
    if (!current) return 0;
    return db.outbox.where('[userId+status]').equals([current.userId, 'pending']).count();
  }).subscribe({
    next: (waiting) => {
      if (waiting > 0 && waiting > last) void requestBackgroundSync();
      last = waiting;
    },
    error: (error: unknown) => console.warn('Skafferi: utkorgen kunde inte läsas', error),
  });
  return () => subscription.unsubscribe();
}
