import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { companyKey } from '../../src/api/session/company-memory';
import { readStoredStatus } from '../../src/api/session/sync-preview-read';
import { createSyncController, openOfflineDb, storeSession } from '../../src/offline';
import { mutateInventory } from '../../src/offline/inventory/mutate';
import type { Transport } from '../../src/offline/engine/transport';

// The sync status a screen shows before the engine has loaded (decision 0077): what an offline start-up goes on —
// the engine's stored session when it holds the page's token, the company remembered for that user — and what waits.

const COMPANY = '10001';
const offline: Transport = () => Promise.reject(new TypeError('Failed to fetch'));

function memoryWith(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('the sync status before the engine', () => {
  it('after an offline start-up: the user, the remembered company and a count typed offline, as the engine reads them', async () => {
    const db = openOfflineDb(`skafferi-test-${crypto.randomUUID()}`);
    const session = { userId: 'u1', token: 't1', validTo: new Date(Date.now() + 60_000).toISOString() };
    await storeSession(db, session);
    await mutateInventory(db, { type: 'createList', companyCode: COMPANY, name: 'Kylrummet' });
    const memory = memoryWith({ [companyKey('u1')]: COMPANY });

    const preview = await readStoredStatus('t1', db, memory);
    expect(preview).toMatchObject({ userId: 'u1', companyCode: COMPANY, pending: 1, rejected: [], blocked: false });

    // The engine, once it has the same session and company, says the same.
    const controller = createSyncController({ db, transport: offline });
    await controller.setSession(session);
    await controller.setActiveCompany(COMPANY);
    const engine = controller.getStatus();
    for (const key of ['userId', 'companyCode', 'pending', 'otherUsersPending', 'blocked', 'lastSyncedAt'] as const) {
      expect(preview[key], key).toEqual(engine[key]);
    }
    await controller.stop();
    db.close();
  });

  it('another token than the one the engine holds (another user, a renewal not stored yet): nothing is assumed', async () => {
    const db = openOfflineDb(`skafferi-test-${crypto.randomUUID()}`);
    await storeSession(db, { userId: 'u1', token: 't1', validTo: new Date(Date.now() + 60_000).toISOString() });
    const memory = memoryWith({ [companyKey('u1')]: COMPANY });
    expect(await readStoredStatus('t2', db, memory)).toEqual({});
    expect(await readStoredStatus(null, db, memory)).toEqual({});
    db.close();
  });
});
