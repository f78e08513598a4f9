/**
 * The same thing asked for several times at once, as two phones (or two server instances on one database) do: the
 * first is taken and the others get the answer the rule gives a second try — never a 500. On PGlite the calls run one
 * after another; on PostgreSQL (CI's second pass) they really meet.
 */
import { describe, expect, it } from 'vitest';
import type { InventoryList } from '../../contract/inventory';
import { demoCompany, listPath } from '../offline/demo-company';

const { demo, post, send } = demoCompany();
const AT_ONCE = 8;

const statuses = (calls: Promise<{ status: number; body: unknown }>[]) =>
  Promise.all(calls).then((answers) => answers.map((answer) => answer.status).sort());

describe('the same change sent several times at once', () => {
  it('adds an article to an inventory list once; the others are told it is already there', async () => {
    const list = (await post<InventoryList>('/inventory-list', { name: `Samtidigt ${crypto.randomUUID()}` })).body;
    const product = demo.products[1]!;
    const answers = await statuses(
      Array.from({ length: AT_ONCE }, () =>
        post(`${listPath(list.id)}/item`, { productId: product.id, unit: 'piece' }),
      ),
    );
    expect(answers).toEqual([201, ...Array(AT_ONCE - 1).fill(409)]);
  });

  it('creates a company article with an article number once; the others are told it is taken', async () => {
    const articleNumber = `S-${crypto.randomUUID().slice(0, 8)}`;
    const answers = await statuses(
      Array.from({ length: AT_ONCE }, (_, k) => post('/product', { name: `Egen vara ${k}`, articleNumber }, demo.kund)),
    );
    expect(answers).toEqual([201, ...Array(AT_ONCE - 1).fill(409)]);
  });

  it('creates an inventory list under one id once; the same request again answers it as it is', async () => {
    for (let round = 0; round < 3; round++) {
      const body = { id: crypto.randomUUID(), name: `Samma id ${crypto.randomUUID()}` };
      const answers = await statuses(Array.from({ length: AT_ONCE }, () => post('/inventory-list', body)));
      expect(answers).toEqual(Array(AT_ONCE).fill(201));
      const path = `/inventory-lists?q=${encodeURIComponent(body.name)}`;
      const lists = (await send<{ data: InventoryList[] }>('GET', path)).body.data;
      expect(lists.map((list) => list.id)).toEqual([body.id]);
    }
  });

  it('creates a company article under one id once; the same request again answers it as it is', async () => {
    for (let round = 0; round < 3; round++) {
      const body = {
        id: crypto.randomUUID(),
        name: 'Egen vara',
        articleNumber: `I-${crypto.randomUUID().slice(0, 8)}`,
      };
      const answers = await statuses(Array.from({ length: AT_ONCE }, () => post('/product', body, demo.kund)));
      expect(answers).toEqual(Array(AT_ONCE).fill(201));
    }
  });
});
