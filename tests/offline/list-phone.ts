/**
 * A phone with one inventory list open, on the real server: its own IndexedDB, session and switchable network
 * (controlledTransport), the list opened and synced once. For tests that play several phones on one list.
 */
import type { OfflineDb } from '../../src/offline/engine/database';
import { storeSession, type EngineSession } from '../../src/offline/engine/session';
import { sync } from '../../src/offline/engine/sync';
import { openInventoryList } from '../../src/offline/inventory/mutate';
import { controlledTransport, freshDb, type Server } from './harness';

export async function listPhone(
  server: Server,
  session: EngineSession,
  listId: string,
  companyCode: string,
  /** Runs after the list is opened, before the first sync (e.g. the page's early read of it). */
  beforeSync?: (db: OfflineDb) => Promise<void>,
) {
  const db = freshDb();
  await storeSession(db, session);
  const net = controlledTransport(server.transport);
  await openInventoryList(db, listId);
  await beforeSync?.(db);
  /** A sync as the app runs it: the waiting changes sent, then the company read again. */
  const syncNow = () => sync({ db, transport: net.transport, companyCodes: [companyCode], force: true });
  await syncNow();
  return { db, net, syncNow };
}
