/**
 * Counts on a list and on the list compared with it at the same time (decision 0091): a count on the list compared
 * with raises the comparing list too, under its lock, so the two lists' changes wait for each other instead of
 * deadlocking, and none is refused. On PostgreSQL (CI's second pass) the transactions really run at once.
 */
import { describe, expect, it } from 'vitest';
import type { InventoryList, InventoryListItem } from '../../contract/inventory';
import { countBody, demoCompany, listPath } from '../offline/demo-company';

const { demo, post, send, readList } = demoCompany();

async function listWith(name: string, previousListId: string | null) {
  const list = (await post<InventoryList>('/inventory-list', { name, previousListId })).body;
  const items: InventoryListItem[] = [];
  for (const product of demo.products.slice(0, 3)) {
    items.push(
      (await post<InventoryListItem>(`${listPath(list.id)}/item`, { productId: product.id, unit: 'piece' })).body,
    );
  }
  return { id: list.id, items };
}

const count = (listId: string, item: InventoryListItem) =>
  post(`${listPath(listId)}/item/${item.id}/count`, countBody(`telefon-${listId.slice(0, 4)}`));

type Counted = { id: string; items: InventoryListItem[] };

/** Counts on each list, all sent at once, over their items in turn (twenty in all); their statuses. */
const countAll = (...lists: Counted[]) =>
  Promise.all(
    Array.from({ length: 20 }, (_, k) => {
      const list = lists[k % lists.length]!;
      return count(list.id, list.items[k % list.items.length]!).then((res) => res.status);
    }),
  );

/** Makes `list` compared with `previous` (a PUT of the list, its name kept). */
async function compare(list: Counted, previous: Counted) {
  const name = (await readList(list.id)).name;
  const res = await send('PUT', listPath(list.id), { name, previousListId: previous.id });
  expect(res.status).toBe(200);
}

describe('counting a list and the list compared with it at once', () => {
  it('takes every count, and the comparing list ends with the other list’s counts as its previous counts', async () => {
    const earlier = await listWith(`Förra ${crypto.randomUUID()}`, null);
    const current = await listWith(`Denna ${crypto.randomUUID()}`, earlier.id);
    const start = (await readList(current.id)).version;

    expect(await countAll(earlier, current)).toEqual(Array(20).fill(201));

    const whole = await readList(current.id);
    const quantities = new Map((await readList(earlier.id)).items.map((i) => [i.articleNumber, i.quantity]));
    for (const item of whole.items) expect(item.previousQuantity).toBe(quantities.get(item.articleNumber));
    // Its own ten counts and the ten on the list compared with (each of an article it has) each raised it once.
    expect(whole.version).toBe(start + 20);
    const changed = await readList(current.id, start);
    expect(changed.items.map((i) => [i.id, i.previousQuantity]).sort()).toEqual(
      whole.items.map((i) => [i.id, i.previousQuantity]).sort(),
    );
  });

  it('takes every count when lists are compared with each other in a circle', async () => {
    const a = await listWith(`Ena ${crypto.randomUUID()}`, null);
    const b = await listWith(`Andra ${crypto.randomUUID()}`, a.id);
    await compare(a, b);
    expect(await countAll(a, b)).toEqual(Array(20).fill(201));

    const c = await listWith(`Tredje ${crypto.randomUUID()}`, b.id);
    await compare(a, c);
    expect(await countAll(a, b, c)).toEqual(Array(20).fill(201));
  });
});
