import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { purchaseListItems, purchaseLists, readVersions } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers';

/**
 * The read caches' news told once per tag and transaction (migration 0005, decision 0082): what read_versions holds
 * after a transaction that changes two rows of one list, and after one whose first change was rolled back to a
 * savepoint — as a sync batch rolls back a refused change — before the list changed again.
 */
let app: TestApp;
let listId: string;
let itemId: string;

beforeAll(async () => {
  app = await createTestApp();
  const { db } = app.services.database;
  const [item] = await db
    .select({ id: purchaseListItems.id, listId: purchaseListItems.listId })
    .from(purchaseListItems)
    .limit(1);
  listId = item!.listId;
  itemId = item!.id;
}, 120_000);

afterAll(async () => {
  await app?.closeAll();
});

const tag = () => `list:${listId}`;

/** The list's version as the database holds it (0: never raised). */
async function version(): Promise<number> {
  const { db } = app.services.database;
  const [row] = await db
    .select({ version: readVersions.version })
    .from(readVersions)
    .where(eq(readVersions.tag, tag()));
  return Number(row?.version ?? 0);
}

type Tx = Parameters<Parameters<TestApp['services']['database']['db']['transaction']>[0]>[0];

/** Runs `work` in one transaction with versions raised, as on PostgreSQL (PGlite's session turns them off). */
function inTransaction(work: (tx: Tx) => Promise<void>): Promise<void> {
  return app.services.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local skafferi.read_versions = 'on'`);
    await work(tx);
  });
}

const touchList = (tx: Tx) =>
  tx.update(purchaseLists).set({ updatedAt: new Date() }).where(eq(purchaseLists.id, listId));
const touchItem = (tx: Tx) =>
  tx
    .update(purchaseListItems)
    .set({ quantity: sql`${purchaseListItems.quantity}` })
    .where(eq(purchaseListItems.id, itemId));

describe('the news of a list', () => {
  it('raises its version once for a transaction that changes the list and its item twice, and again for the next', async () => {
    const before = await version();
    await inTransaction(async (tx) => {
      await touchList(tx);
      await touchItem(tx);
      await touchList(tx);
      await touchItem(tx);
    });
    expect(await version()).toBe(before + 1);
    await inTransaction(async (tx) => {
      await touchItem(tx);
    });
    expect(await version()).toBe(before + 2);
  });

  it('tells again after the change that told first was rolled back to a savepoint', async () => {
    const heard: string[] = [];
    const stop = await app.services.database.listen('skafferi_events', (payload) => heard.push(payload));
    try {
      const before = await version();
      await inTransaction(async (tx) => {
        await tx
          .transaction(async (change) => {
            await touchList(change);
            throw new Error('refused');
          })
          .catch(() => undefined);
        await touchItem(tx);
      });
      expect(await version()).toBe(before + 1);
      // Every instance hears of it, so each empties what it kept of the list.
      await vi.waitFor(
        () =>
          expect(heard.map((p) => JSON.parse(p) as { tag: string })).toContainEqual(
            expect.objectContaining({ tag: tag() }),
          ),
        { timeout: 20_000 },
      );
    } finally {
      await stop();
    }
  });
});
