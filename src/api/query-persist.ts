import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import type { OfflineDb } from '../offline/schema';
import { currentUserKey } from './queries/customer';

/**
 * DESIGN.md, "server-only data": recently seen server data (the user, their companies, the chosen company, products,
 * content …) is kept on the device so that the installed app opened with no network shows what the user saw last,
 * instead of an error. One snapshot per device, tagged with the user it belongs to; it is only read back for that
 * same user (the offline engine's stored session says who is logged in) and deleted on logout. Decision 0037.
 */

const SNAPSHOT_KEY = 'queryCache';
/** A snapshot older than this is not shown: prices and stock move. */
export const SNAPSHOT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many queries, newest first, so the snapshot stays small. */
const MAX_QUERIES = 150;
const SAVE_DEBOUNCE_MS = 1000;

/**
 * The device's database, loaded when first needed: Dexie is not part of the app's entry (decision 0021), and an
 * online start-up of a logged-out page never needs it.
 */
const deviceDb = (db?: OfflineDb): Promise<OfflineDb> =>
  db ? Promise.resolve(db) : import('../offline/schema').then((m) => m.offlineDb());

interface Snapshot {
  userId: string;
  savedAt: number;
  state: DehydratedState;
}

/** A query opts out with `meta: { persist: false }` (e.g. one-off search results). */
function persistable(query: Query): boolean {
  return query.state.status === 'success' && query.meta?.persist !== false;
}

/** The snapshot to store now: the newest successful queries of the logged-in user, or null without a user. */
export function takeSnapshot(queryClient: QueryClient, now: number): Snapshot | null {
  const user = queryClient.getQueryData<{ id: string }>(currentUserKey);
  if (!user) return null;
  const newest = new Set(
    queryClient
      .getQueryCache()
      .getAll()
      .filter(persistable)
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
      .slice(0, MAX_QUERIES),
  );
  return {
    userId: user.id,
    savedAt: now,
    state: dehydrate(queryClient, { shouldDehydrateQuery: (q) => newest.has(q) }),
  };
}

/**
 * Puts the last snapshot back into the cache, if it belongs to `userId` and is recent. Data already in the cache is
 * newer and wins (hydrate keeps the newer of the two).
 */
export async function restoreQueries(
  queryClient: QueryClient,
  userId: string,
  now = Date.now(),
  given?: OfflineDb,
): Promise<boolean> {
  const db = await deviceDb(given);
  const row = await db.meta.get(SNAPSHOT_KEY);
  if (!row) return false;
  let snapshot: Snapshot;
  try {
    snapshot = JSON.parse(row.value) as Snapshot;
  } catch {
    await db.meta.delete(SNAPSHOT_KEY);
    return false;
  }
  if (snapshot.userId !== userId || now - snapshot.savedAt > SNAPSHOT_MAX_AGE_MS) return false;
  hydrate(queryClient, snapshot.state);
  return true;
}

/** Deletes the snapshot (logout: the next user of this device sees nothing of the last one). */
export async function forgetQueries(db?: OfflineDb): Promise<void> {
  await (await deviceDb(db)).meta.delete(SNAPSHOT_KEY);
}

/**
 * Saves a snapshot a second after data arrived (debounced), and when the page is hidden; started once the page is
 * idle, it also saves what arrived before. Returns a function that stops saving.
 */
export function persistQueries(queryClient: QueryClient, db?: OfflineDb): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const snapshot = takeSnapshot(queryClient, Date.now());
    if (snapshot) {
      const value = JSON.stringify(snapshot);
      void deviceDb(db)
        .then((database) => database.meta.put({ key: SNAPSHOT_KEY, value }))
        .catch(() => undefined);
    }
  };
  const schedule = () => {
    if (timer === undefined) timer = setTimeout(save, SAVE_DEBOUNCE_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') schedule();
  });
  const onHide = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) {
      clearTimeout(timer);
      save();
    }
  };
  document.addEventListener('visibilitychange', onHide);
  schedule();
  return () => {
    unsubscribe();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onHide);
  };
}

/**
 * Offline start-up: the user of the page's session is the one the offline engine holds (the engine-session handover
 * keeps them in step); their snapshot comes back, anyone else's does not.
 */
export async function restoreForSession(queryClient: QueryClient, given?: OfflineDb): Promise<boolean> {
  const db = await deviceDb(given);
  const row = await db.session.get('current');
  return row ? restoreQueries(queryClient, row.userId, Date.now(), db) : false;
}
