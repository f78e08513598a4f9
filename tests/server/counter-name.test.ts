/**
 * A counter's new name reaches the lists they counted in (decision 0093): the names are joined when a list is read, so
 * a phone's copy kept the old one until the list changed for another reason. Now the lists that name the person are
 * raised and the items naming them stamped: a phone's read of what changed carries the new name.
 */
import { describe, expect, it } from 'vitest';
import type { InventoryList, InventoryListItem } from '../../contract/inventory';
import { countBody, demoCompany, listPath } from '../offline/demo-company';
import { DEMO, api } from '../offline/harness';

const { demo, post, readList } = demoCompany();

async function listWithItems(name: string) {
  const list = (await post<InventoryList>('/inventory-list', { name, previousListId: null })).body;
  const items: InventoryListItem[] = [];
  for (const product of demo.products.slice(0, 2)) {
    const body = { productId: product.id, unit: 'piece' };
    items.push((await post<InventoryListItem>(`${listPath(list.id)}/item`, body, demo.kund)).body);
  }
  return { id: list.id, items };
}

/** The staff user saves their profile with a new name. */
async function rename(firstName: string, lastName: string) {
  const me = await api<{ email: string; phone: string | null }>(demo.server, demo.staff.token, '/v1/customer/');
  const res = await fetch(`${demo.server.baseUrl}/v1/customer/`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${demo.staff.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName, lastName, email: me.body.email, phone: me.body.phone ?? '' }),
  });
  expect(res.status).toBe(200);
}

describe('a counter who changes their name', () => {
  it('is named so in a read of what changed since, on the items they counted only', async () => {
    const counted = await listWithItems(`Räknad ${crypto.randomUUID()}`);
    const untouched = await listWithItems(`Orörd ${crypto.randomUUID()}`);
    const [mine, theirs] = counted.items;
    const countPath = `${listPath(counted.id)}/item/${mine!.id}/count`;
    expect((await post(countPath, countBody('telefon', 2))).status).toBe(201);

    const before = await readList(counted.id, undefined, demo.kund);
    const untouchedBefore = await readList(untouched.id, undefined, demo.kund);
    await rename('Saga', `Nyström ${DEMO.personal.email.length}`);

    const changed = await readList(counted.id, before.version, demo.kund);
    expect(changed.changedSince).toBe(before.version);
    expect(changed.items.map((item) => item.id)).toEqual([mine!.id]);
    expect(changed.items[0]!.lastCountedBy?.name).toBe(`Saga Nyström ${DEMO.personal.email.length}`);
    expect(changed.items[0]!.countedBy.map((who) => who.name)).toEqual([`Saga Nyström ${DEMO.personal.email.length}`]);
    expect(changed.updatedAt).toBe(before.updatedAt);
    // The colleague's item and a list the counter never touched are not read again.
    expect(changed.items.some((item) => item.id === theirs!.id)).toBe(false);
    expect((await readList(untouched.id, undefined, demo.kund)).version).toBe(untouchedBefore.version);
  });
});
