/**
 * A close made offline is not sent over a reopening its phone had not seen (decision 0062): phone B closes a list in
 * the cold room; meanwhile phone A closes it online and a customer administrator reopens it for more counts. When B
 * is back, the list stays open on the server and on B, and B's close is shown refused with its Swedish message.
 * Real server and database, the real offline engine on each phone.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import errorsSv from '../../locales/sv/errors.json' with { type: 'json' };
import type { InventoryList, InventoryListDetail } from '../../contract/inventory';
import type { OfflineDb } from '../../src/offline';
import type { EngineSession } from '../../src/offline/engine/session';
import type { InventoryOp } from '../../src/offline/inventory/changes';
import { mutateInventory } from '../../src/offline/inventory/mutate';
import { COMPANY, demoCompany } from '../offline/demo-company';
import { api } from '../offline/harness';
import { listPhone } from '../offline/list-phone';

const { demo, post } = demoCompany();

const phone = (session: EngineSession, listId: string) => listPhone(demo.server, session, listId, COMPANY);

const refusedOps = async (db: OfflineDb) =>
  (await db.outbox.where('status').equals('rejected').toArray()).map((e) => ({
    type: (e.op as InventoryOp).type,
    error: e.lastError,
  }));

describe('an offline close after a reopening it had not seen', () => {
  it('leaves the list open on the demo.server and the phone, and shows the close refused', async () => {
    const list = await post<InventoryList>('/inventory-list', { name: `Kylrum ${Date.now()}` });
    expect(list.status).toBe(201);
    const listId = list.body.id;
    expect((await post(`/inventory-list/${listId}/item`, { productId: demo.products[0]!.id })).status).toBe(201);
    const a = await phone(demo.staff, listId);
    const b = await phone(demo.kund, listId);

    // B, offline in the cold room, closes after its review: shown closed at once, waiting to be sent.
    b.net.offline = true;
    await mutateInventory(b.db, { type: 'closeList', listId, closedBy: 'Kim Kund' });
    expect((await b.db.inventoryLists.get(listId))?.closedAt).not.toBeNull();

    // A closes online; the administrator reopens it for more counts.
    await mutateInventory(a.db, { type: 'closeList', listId, closedBy: null });
    await a.syncNow();
    const reopened = await post<InventoryList>(`/inventory-list/${listId}/reopen`);
    expect(reopened.status).toBe(200);
    expect(reopened.body.reopenedAt).not.toBeNull();

    // B is back: its close is refused with its own message, and the list is open everywhere.
    b.net.offline = false;
    await b.syncNow();
    expect(await refusedOps(b.db)).toEqual([
      {
        type: 'closeList',
        error: expect.objectContaining({
          status: 409,
          code: 'InventoryListReopened',
          message: errorsSv.InventoryListReopened,
        }),
      },
    ]);
    const onServer = await api<InventoryListDetail>(
      demo.server,
      demo.staff.token,
      `/v1/company/${COMPANY}/inventory-list/${listId}`,
    );
    expect(onServer.body).toMatchObject({ closedAt: null, reopenedAt: reopened.body.reopenedAt });
    expect(await b.db.inventoryLists.get(listId)).toMatchObject({
      closedAt: null,
      reopenedAt: reopened.body.reopenedAt,
    });

    // Closing again on B, now that it knows of the reopening, closes the list.
    await mutateInventory(b.db, { type: 'closeList', listId, closedBy: 'Kim Kund' });
    await b.syncNow();
    const closed = await api<InventoryListDetail>(
      demo.server,
      demo.staff.token,
      `/v1/company/${COMPANY}/inventory-list/${listId}`,
    );
    expect(closed.body.closedAt).not.toBeNull();
    a.db.close();
    b.db.close();
  });
});
