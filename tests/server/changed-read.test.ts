/**
 * A phone whose copy of a list is whole reads only the items changed since (decision 0090), and ends with exactly what
 * a whole read gives: whatever another phone did in between (counts, added, changed, removed and reordered items,
 * another list compared with, a rename), whether this phone heard of each change live, read the company, or missed the
 * news. Real server and database, the real offline engine on the phone.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InventoryList, InventoryListDetail, InventoryListItem } from '../../contract/inventory';
import { refresh } from '../../src/offline/engine/refresh';
import { mutateInventory } from '../../src/offline/inventory/mutate';
import { readServerItems } from '../../src/offline/inventory/state';
import { COMPANY, demoCompany } from '../offline/demo-company';
import { api } from '../offline/harness';
import { listPhone } from '../offline/list-phone';

const { demo, post, send } = demoCompany();
const listPath = (listId: string) => `/inventory-list/${listId}`;

/** A call as another phone (staff) makes it; its status is not asserted (a removed item's count is refused). */
const call = async (method: string, path: string, body?: unknown) => (await send(method, path, body)).status;

const whole = async (listId: string) =>
  (await api<InventoryListDetail>(demo.server, demo.staff.token, `/v1/company/${COMPANY}${listPath(listId)}`)).body;

type Op =
  | { type: 'count'; item: number; quantity: number }
  | { type: 'add'; product: number }
  | { type: 'accept'; item: number }
  | { type: 'zone'; item: number; zone: string }
  | { type: 'remove'; item: number }
  | { type: 'walk'; reverse: boolean }
  | { type: 'rename' }
  | { type: 'previous' }
  | { type: 'own'; item: number; quantity: number }
  | { type: 'countPrevious'; item: number; quantity: number }
  | { type: 'renamePrevious' }
  | { type: 'removePrevious'; item: number }
  | { type: 'addPrevious'; product: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('count' as const), item: fc.nat(9), quantity: fc.nat(99) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('add' as const), product: fc.nat(9) }) },
  fc.record({ type: fc.constant('accept' as const), item: fc.nat(9) }),
  fc.record({ type: fc.constant('zone' as const), item: fc.nat(9), zone: fc.constantFrom('Kyl', 'Frys') }),
  fc.record({ type: fc.constant('remove' as const), item: fc.nat(9) }),
  fc.record({ type: fc.constant('walk' as const), reverse: fc.boolean() }),
  fc.record({ type: fc.constant('rename' as const) }),
  fc.record({ type: fc.constant('previous' as const) }),
  // This phone's own count, waiting on it until its next sync.
  fc.record({ type: fc.constant('own' as const), item: fc.nat(9), quantity: fc.nat(99) }),
  // The list compared with changes: its counts are this list's previous counts, its name its previous list's name.
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('countPrevious' as const), item: fc.nat(9), quantity: fc.nat(99) }),
  },
  fc.record({ type: fc.constant('renamePrevious' as const) }),
  fc.record({ type: fc.constant('removePrevious' as const), item: fc.nat(9) }),
  fc.record({ type: fc.constant('addPrevious' as const), product: fc.nat(9) }),
);
/** How the phone comes to know: the live view's news, the company's sync, or not at all (it missed the news). */
const heard = fc.constantFrom('news' as const, 'sync' as const, 'missed' as const);

/** The changes another phone makes to the list compared with (it is compared with only while the list names it). */
const onPrevious = {
  countPrevious: 'count',
  renamePrevious: 'rename',
  removePrevious: 'remove',
  addPrevious: 'add',
} as const;

async function apply(listId: string, previousId: string, next: Op): Promise<void> {
  if (next.type in onPrevious) {
    const type = onPrevious[next.type as keyof typeof onPrevious];
    return apply(previousId, previousId, { ...next, type } as Op);
  }
  const items = (await whole(listId)).items;
  const item = items.length > 0 ? items[('item' in next ? next.item : 0) % items.length]! : undefined;
  const itemPath = (i: InventoryListItem) => `${listPath(listId)}/item/${i.id}`;
  switch (next.type) {
    case 'count':
      if (!item) return;
      await call('POST', `${itemPath(item)}/count`, {
        kind: 'set',
        quantity: next.quantity,
        id: crypto.randomUUID(),
        unit: 'piece',
        countedAt: new Date().toISOString(),
        deviceId: 'phone-b',
      });
      return;
    case 'add': {
      const product = demo.products[next.product % demo.products.length]!;
      await call('POST', `${listPath(listId)}/item`, { productId: product.id, unit: 'piece' });
      return;
    }
    case 'accept':
      if (item) await call('PATCH', itemPath(item), { accept: true });
      return;
    case 'zone':
      if (item) await call('PATCH', itemPath(item), { zone: next.zone });
      return;
    case 'remove':
      if (item) await call('DELETE', itemPath(item));
      return;
    case 'walk': {
      const zone = item?.zone ?? null;
      const ids = items.filter((i) => i.zone === zone).map((i) => i.id);
      if (ids.length > 0)
        await call('PUT', `${listPath(listId)}/walk-order`, { zone, itemIds: next.reverse ? ids.reverse() : ids });
      return;
    }
    case 'rename':
      await call('PUT', listPath(listId), { name: `Ändrad ${crypto.randomUUID().slice(0, 8)}` });
      return;
    case 'previous': {
      const list = await whole(listId);
      await call('PUT', listPath(listId), {
        name: list.name,
        previousListId: list.previousListId === previousId ? null : previousId,
      });
    }
  }
}

const byId = (items: readonly InventoryListItem[]) =>
  [...items]
    .map(({ companyCode: _, ...i }: InventoryListItem & { companyCode?: string }) => i)
    .sort((a, b) => (a.id < b.id ? -1 : 1));

describe('a list read as the items changed since the copy on the phone', () => {
  it('ends where a whole read ends, whatever another phone changed and however the phone heard of it', async () => {
    const previous = await post<InventoryList>('/inventory-list', { name: `Förra ${Date.now()}` });
    for (const product of demo.products.slice(0, 4)) {
      await post(`${listPath(previous.body.id)}/item`, { productId: product.id, unit: 'piece' });
    }
    let changedReads = 0;
    let wholeReads = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(op, heard), { minLength: 1, maxLength: 8 }), async (steps) => {
        const list = await post<InventoryList>('/inventory-list', {
          name: `Delvis ${crypto.randomUUID()}`,
          previousListId: previous.body.id,
        });
        const listId = list.body.id;
        for (const product of demo.products.slice(0, 3)) {
          await post(`${listPath(listId)}/item`, { productId: product.id, unit: 'piece' });
        }
        const a = await listPhone(demo.server, demo.kund, listId, COMPANY);
        const detailPath = `/v1/company/${COMPANY}${listPath(listId)}`;
        const news = (version: number) =>
          refresh({
            db: a.db,
            transport: a.net.transport,
            companyCodes: [],
            aggregates: [{ entity: 'inventoryList', entityId: listId, news: { itemIds: [], version } }],
          });
        try {
          for (const [next, how] of steps) {
            if (next.type === 'own') {
              const mine = await a.db.inventoryItems.where('listId').equals(listId).sortBy('id');
              const itemId = mine[next.item % Math.max(1, mine.length)]?.id;
              if (itemId) {
                const count = { type: 'countSet', listId, itemId, quantity: next.quantity, unit: 'piece' } as const;
                await mutateInventory(a.db, count);
              }
            } else await apply(listId, previous.body.id, next);
            if (how === 'news') await news((await whole(listId)).version);
            if (how === 'sync') await a.syncNow();
          }
          await a.syncNow();
          const server = await whole(listId);
          expect(byId(await readServerItems(a.db, listId))).toEqual(byId(server.items));
          const mirror = await a.db.inventoryItems.where('listId').equals(listId).toArray();
          expect(byId(mirror.map(({ pending: _, milliPieces: __, ...i }) => i))).toEqual(byId(server.items));
          expect(await a.db.serverInventoryLists.get(listId)).toMatchObject({
            itemsVersion: server.version,
            name: server.name,
            previousListId: server.previousListId,
          });
          const { itemCount, countedCount, stockValue } = server;
          expect(await a.db.inventoryLists.get(listId)).toMatchObject({ itemCount, countedCount, stockValue });
          for (const sent of a.net.sent.filter((s) => s.method === 'GET' && s.path.startsWith(detailPath))) {
            if (sent.path.includes('changedSince=')) changedReads++;
            else wholeReads++;
          }
        } finally {
          a.db.close();
        }
      }),
      { numRuns: 15 },
    );
    // Both kinds of read ran: the property held for partial reads, not only for whole ones.
    expect(changedReads).toBeGreaterThan(0);
    expect(wholeReads).toBeGreaterThan(0);
  }, 180_000);

  it('answers only the changed items when it can, and all of them after a removal', async () => {
    const list = await post<InventoryList>('/inventory-list', { name: `Svar ${Date.now()}` });
    const listId = list.body.id;
    const ids: string[] = [];
    for (const product of demo.products.slice(0, 3)) {
      ids.push(
        (await post<{ id: string }>(`${listPath(listId)}/item`, { productId: product.id, unit: 'piece' })).body.id,
      );
    }
    const read = async (since: number | string) =>
      api<InventoryListDetail>(
        demo.server,
        demo.staff.token,
        `/v1/company/${COMPANY}${listPath(listId)}?changedSince=${since}`,
      );
    const start = (await whole(listId)).version;
    await call('PATCH', `${listPath(listId)}/item/${ids[1]}`, { accept: true });
    const changed = await read(start);
    expect(changed.status).toBe(200);
    expect(changed.body.changedSince).toBe(start);
    expect(changed.body.items.map((i) => i.id)).toEqual([ids[1]]);
    expect(changed.body.version).toBe(start + 1);
    // Nothing changed since the current version: no items, still a partial answer.
    expect((await read(start + 1)).body.items).toEqual([]);
    // A version the list has not reached is answered whole.
    const ahead = (await read(start + 5)).body;
    expect(ahead.changedSince).toBeUndefined();
    expect(ahead.items).toHaveLength(3);
    await call('DELETE', `${listPath(listId)}/item/${ids[0]}`);
    const afterRemoval = (await read(start + 1)).body;
    expect(afterRemoval.changedSince).toBeUndefined();
    expect(afterRemoval.items.map((i) => i.id).sort()).toEqual([ids[1], ids[2]].sort());
    // From the removal on, partial again.
    expect((await read(afterRemoval.version)).body.items).toEqual([]);
    // The list compared with is removed: every previous count goes, so a copy from before is read whole.
    const compared = await post<InventoryList>('/inventory-list', { name: `Jämförd ${Date.now()}` });
    await post(`${listPath(compared.body.id)}/item`, { productId: demo.products[1]!.id, unit: 'piece' });
    await call('PUT', listPath(listId), { name: list.body.name, previousListId: compared.body.id });
    const comparing = await whole(listId);
    expect(comparing.items.find((i) => i.id === ids[1])?.previousQuantity).toBe(0);
    expect(await call('DELETE', listPath(compared.body.id))).toBe(204);
    const afterGone = (await read(comparing.version)).body;
    expect(afterGone.changedSince).toBeUndefined();
    expect(afterGone.version).toBe(comparing.version + 1);
    expect(afterGone.items.find((i) => i.id === ids[1])?.previousQuantity).toBeNull();
    // Bad input: a clear 400, not a whole list.
    for (const bad of ['-1', 'abc', '1.5']) {
      const answer = await read(bad);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'ValidationError' });
    }
  });
});
