/**
 * Two phones' sync batches that count on the same two lists in opposite order, at the same time. Each batch is one
 * transaction (decision 0067) and a count locks its list: the first batch holds A and waits for B, the second holds B
 * and waits for A. PostgreSQL (CI's second pass) ends one of them with a deadlock; the server runs that batch again
 * once the other committed, and every count is taken on the first send (decision 0092).
 */
import { describe, expect, it } from 'vitest';
import type { InventoryList, InventoryListItem } from '../../contract/inventory';
import type { SyncChange, SyncResponse } from '../../contract/sync';
import type { EngineSession } from '../../src/offline/engine/session';
import { COMPANY, countBody, demoCompany, listPath } from '../offline/demo-company';

const { demo, post, send, readList } = demoCompany();

async function listWithItem(name: string, previousListId: string | null = null) {
  const list = (await post<InventoryList>('/inventory-list', { name, previousListId })).body;
  const path = `${listPath(list.id)}/item`;
  const item = (await post<InventoryListItem>(path, { productId: demo.products[0]!.id, unit: 'piece' })).body;
  return { listId: list.id, itemId: item.id };
}

type Target = Awaited<ReturnType<typeof listWithItem>>;

const countPath = (on: Target) => `${listPath(on.listId)}/item/${on.itemId}/count`;

const count = (on: Target, deviceId: string): SyncChange => ({
  key: `m-${crypto.randomUUID()}`,
  method: 'POST',
  path: `/v1/company/${COMPANY}${countPath(on)}`,
  body: countBody(deviceId),
});

async function push(as: EngineSession, changes: SyncChange[]) {
  const res = await fetch(`${demo.server.baseUrl}/v1/sync`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ changes }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as SyncResponse).results.map((result) => result.status);
}

const quantity = async (on: Target) =>
  (await readList(on.listId)).items.find((item) => item.id === on.itemId)?.quantity;

describe('two sync batches counting two lists in opposite order at once', () => {
  it('applies every count of both, each once', async () => {
    const a = await listWithItem(`Kylrum ${crypto.randomUUID()}`);
    const b = await listWithItem(`Frys ${crypto.randomUUID()}`);
    // Round by round, two batches at once: whether a round's locks cross is up to the timing, so there are several.
    const rounds = 6;
    const answers: number[][] = [];
    for (let round = 0; round < rounds; round++) {
      answers.push(
        ...(await Promise.all([
          push(demo.staff, [count(a, `ena-${round}`), count(b, `ena-${round}`)]),
          push(demo.kund, [count(b, `andra-${round}`), count(a, `andra-${round}`)]),
        ])),
      );
    }

    expect(answers.flat()).toEqual(Array(rounds * 4).fill(201));
    expect(await quantity(a)).toBe(rounds * 2);
    expect(await quantity(b)).toBe(rounds * 2);
  });

  it('applies a batch and a count sent alone whose locks cross, each once', async () => {
    // A count on `b` raises `a` too, which is compared with it (decision 0091): it locks b, then a. The batch
    // locks a, then b.
    const b = await listWithItem(`Lager ${crypto.randomUUID()}`);
    const a = await listWithItem(`Lager nu ${crypto.randomUUID()}`, b.listId);
    const rounds = 6;
    const answers: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const [batch, alone] = await Promise.all([
        push(demo.staff, [count(a, `ena-${round}`), count(b, `ena-${round}`)]),
        send('POST', countPath(b), countBody(`andra-${round}`), demo.kund),
      ]);
      answers.push(...batch, alone.status);
    }

    expect(answers).toEqual(Array(rounds * 3).fill(201));
    expect(await quantity(a)).toBe(rounds);
    expect(await quantity(b)).toBe(rounds * 2);
  });
});
