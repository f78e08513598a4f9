/**
 * Counting merge (docs/decisions/0025-count-merge.md): deltas add up, a set replaces the count at its moment and later
 * deltas add to it; the order is (countedAt, id), never the order of arrival. Includes a property test: three devices
 * (two users) counting one item offline, drained in any order with duplicate deliveries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { gt } from 'drizzle-orm';
import { products } from '../../server/db/schema';
import type { CountAnswer, InventoryCountsResponse, InventoryList, InventoryListItem } from '../../contract/inventory';
import { DEMO, bearer, createTestApp, login, type TestApp } from './helpers';

let app: TestApp;
let kund: string;
let personal: string;
let kundId: string;
let personalId: string;
let product: { id: string; piecesPerCarton: number };
let list: InventoryList;

const base = (path: string) => `/v1/company/10001${path}`;

async function call<T>(
  token: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method,
    url: path,
    headers: { ...bearer(token), ...headers },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as T, headers: res.headers };
}

beforeAll(async () => {
  app = await createTestApp();
  [kund, personal] = await Promise.all([login(app, DEMO.kund), login(app, DEMO.personal)]);
  kundId = (await call<{ id: string }>(kund, 'GET', '/v1/customer/')).body.id;
  personalId = (await call<{ id: string }>(personal, 'GET', '/v1/customer/')).body.id;
  const [p] = await app.services.database.db
    .select({ id: products.id, piecesPerCarton: products.piecesPerCarton })
    .from(products)
    .where(gt(products.piecesPerCarton, 1))
    .limit(1);
  product = p!;
  list = (await call<InventoryList>(kund, 'POST', base('/inventory-list'), { id: randomUUID(), name: 'Räkning' })).body;
}, 180_000);
afterAll(() => app.closeAll());

let seq = 0;
async function newItem(unit: 'piece' | 'carton' = 'piece'): Promise<string> {
  // Each item needs its own article: a fresh own article per item.
  const own = await call<{ id: string }>(kund, 'POST', base('/product'), {
    id: randomUUID(),
    name: `Räknad ${++seq}`,
    articleNumber: `R-${seq}-${Date.now()}`,
    unit,
    piecesPerCarton: product.piecesPerCarton,
  });
  const id = randomUUID();
  const res = await call<InventoryListItem>(kund, 'POST', base(`/inventory-list/${list.id}/item`), {
    id,
    companyProductId: own.body.id,
    unit,
  });
  expect(res.status).toBe(201);
  return id;
}

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 8, 0, 0) + minutes * 60_000).toISOString();
const countUrl = (itemId: string) => base(`/inventory-list/${list.id}/item/${itemId}/count`);

type CountInput = ({ kind: 'delta'; amount: number } | { kind: 'set'; quantity: number }) & {
  id?: string;
  unit?: string;
  countedAt: string;
  deviceId?: string;
};
async function count(token: string, itemId: string, body: CountInput, headers: Record<string, string> = {}) {
  return call<CountAnswer>(
    token,
    'POST',
    countUrl(itemId),
    { id: randomUUID(), unit: 'piece', deviceId: 'telefon-1', ...body },
    headers,
  );
}

describe('merge rules', () => {
  it('adds deltas from several devices and users', async () => {
    const item = await newItem();
    await count(kund, item, { kind: 'delta', amount: 1, countedAt: at(1), deviceId: 'a' });
    await count(kund, item, { kind: 'delta', amount: 2, countedAt: at(2), deviceId: 'b' });
    const last = await count(personal, item, { kind: 'delta', amount: 1, countedAt: at(3), deviceId: 'c' });
    expect(last.status).toBe(201);
    expect(last.body.item).toMatchObject({
      quantity: 4,
      counted: true,
      countCount: 3,
      conflict: false,
      lastSetAt: null,
    });
    expect(last.body.item.countedBy.map((u) => u.id)).toEqual([kundId, personalId]);
    expect(last.body.count).toMatchObject({ kind: 'delta', value: 1, pieces: 1, effective: true, deviceId: 'c' });
  });

  it('a set replaces what was counted before it; later deltas add to it, also when they arrive first', async () => {
    const item = await newItem();
    await count(kund, item, { kind: 'delta', amount: 5, countedAt: at(1) });
    await count(kund, item, { kind: 'delta', amount: 1, countedAt: at(10) }); // after the set, arrives before it
    const set = await count(kund, item, { kind: 'set', quantity: 20, countedAt: at(5) });
    expect(set.body.item.quantity).toBe(21);
    expect(set.body.item.lastSetAt).toBe(at(5));
    expect(set.body.item.conflict).toBe(false); // the deltas before the set were the setter's own
    // An older set arriving late changes nothing.
    const old = await count(personal, item, { kind: 'set', quantity: 3, countedAt: at(2) });
    expect(old.body.item.quantity).toBe(21);
    expect(old.body.count.effective).toBe(false);
    const events = await call<InventoryCountsResponse>(
      kund,
      'GET',
      base(`/inventory-list/${list.id}/item/${item}/counts`),
    );
    expect(events.body.data.map((e) => [e.kind, e.countedAt, e.effective])).toEqual([
      ['delta', at(1), false],
      ['set', at(2), false],
      ['set', at(5), true],
      ['delta', at(10), true],
    ]);
    expect(events.body.data[1]!.user?.id).toBe(personalId);
  });

  it('flags "two people counted this" when a set replaced another user\'s deltas, until resolved', async () => {
    const item = await newItem();
    await count(personal, item, { kind: 'delta', amount: 1, countedAt: at(1), deviceId: 'c' });
    const set = await count(kund, item, { kind: 'set', quantity: 7, countedAt: at(2) });
    expect(set.body.item).toMatchObject({ quantity: 7, conflict: true });
    expect(set.body.item.countedBy).toHaveLength(2);
    expect(set.body.item.lastSetBy?.id).toBe(kundId);
    const resolved = await call<InventoryListItem>(kund, 'PATCH', base(`/inventory-list/${list.id}/item/${item}`), {
      resolveConflict: true,
    });
    expect(resolved.body).toMatchObject({ quantity: 7, conflict: false });
    // Deltas after the set do not make a conflict; a newer overridden delta does.
    expect(
      (await count(personal, item, { kind: 'delta', amount: 1, countedAt: at(3), deviceId: 'c' })).body.item,
    ).toMatchObject({ quantity: 8, conflict: false });
    expect((await count(kund, item, { kind: 'set', quantity: 9, countedAt: at(4) })).body.item).toMatchObject({
      quantity: 9,
      conflict: true,
    });
  });

  it('converts cartons to the item unit, both ways', async () => {
    const ppc = product.piecesPerCarton;
    const pieces = await newItem('piece');
    await count(kund, pieces, { kind: 'delta', amount: 1, unit: 'carton', countedAt: at(1) });
    const res = await count(kund, pieces, { kind: 'delta', amount: 2, unit: 'piece', countedAt: at(2) });
    expect(res.body.item.quantity).toBe(ppc + 2);
    const cartons = await newItem('carton');
    await count(kund, cartons, { kind: 'set', quantity: 2, unit: 'carton', countedAt: at(1) });
    const more = await count(kund, cartons, { kind: 'delta', amount: ppc, unit: 'piece', countedAt: at(2) });
    expect(more.body.item.quantity).toBe(3);
    expect(more.body.count).toMatchObject({ value: ppc, unit: 'piece', pieces: ppc });
    // Changing the item's unit re-derives the quantity from the events.
    const asPieces = await call<InventoryListItem>(kund, 'PATCH', base(`/inventory-list/${list.id}/item/${cartons}`), {
      unit: 'piece',
    });
    expect(asPieces.body.quantity).toBe(3 * ppc);
  });

  it('treats a resent count id as done, refuses it with other content, and replays an Idempotency-Key', async () => {
    const item = await newItem();
    const id = randomUUID();
    const body = { id, kind: 'delta' as const, amount: 1, countedAt: at(1) };
    expect((await count(kund, item, body)).status).toBe(201);
    const again = await count(kund, item, body);
    expect(again.status).toBe(200);
    expect(again.body.item.quantity).toBe(1);
    const other = await count(kund, item, { ...body, amount: 2 });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'ClientIdTaken' });
    const key = randomUUID();
    const b2 = { id: randomUUID(), kind: 'delta' as const, amount: 3, countedAt: at(2) };
    const first = await count(kund, item, b2, { 'idempotency-key': key });
    const replay = await count(kund, item, b2, { 'idempotency-key': key });
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await call<InventoryListItem>(kund, 'GET', base(`/inventory-list/${list.id}/items`))).status).toBe(200);
    const events = await call<InventoryCountsResponse>(
      kund,
      'GET',
      base(`/inventory-list/${list.id}/item/${item}/counts`),
    );
    expect(events.body.data).toHaveLength(2);
  });

  it('stores a count from a clock far ahead with the time it arrived', async () => {
    const item = await newItem();
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const res = await count(kund, item, { kind: 'set', quantity: 4, countedAt: future });
    expect(new Date(res.body.count.countedAt).getTime()).toBeLessThanOrEqual(Date.now());
    // So a later real count still wins.
    const later = await count(kund, item, {
      kind: 'set',
      quantity: 6,
      countedAt: new Date(Date.now() + 1000).toISOString(),
    });
    expect(later.body.item.quantity).toBe(6);
  });

  it('refuses bad counts with Swedish field messages, and unknown items', async () => {
    const item = await newItem();
    const res = await call<{ code: string; fields: { path: string; message: string }[] }>(
      kund,
      'POST',
      countUrl(item),
      { id: randomUUID(), kind: 'delta', amount: 0, unit: 'låda', countedAt: 'igår', deviceId: '' },
    );
    expect(res.status).toBe(400);
    const fields = Object.fromEntries(res.body.fields.map((f) => [f.path, f.message]));
    expect(fields).toMatchObject({
      amount: 'Ogiltigt värde.',
      unit: 'Ogiltigt värde.',
      countedAt: 'Ogiltigt värde.',
      deviceId: 'Fältet är obligatoriskt.',
    });
    const set = await call<{ fields: { path: string; message: string }[] }>(kund, 'POST', countUrl(item), {
      id: randomUUID(),
      kind: 'set',
      quantity: -1,
      unit: 'piece',
      countedAt: at(1),
      deviceId: 'x',
    });
    expect(set.body.fields).toEqual([{ path: 'quantity', message: 'Värdet är för litet.' }]);
    const kind = await call<{ fields: { path: string }[] }>(kund, 'POST', countUrl(item), {
      id: randomUUID(),
      kind: 'add',
      quantity: 1,
    });
    expect(kind.status).toBe(400);
    const missing = await call<{ code: string }>(kund, 'POST', countUrl(randomUUID()), {
      id: randomUUID(),
      kind: 'delta',
      amount: 1,
      unit: 'piece',
      countedAt: at(1),
      deviceId: 'x',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('InventoryListItemNotFound');
    const foreign = await call<{ code: string }>(
      kund,
      'POST',
      `/v1/company/10002/inventory-list/${list.id}/item/${item}/count`,
      { id: randomUUID(), kind: 'delta', amount: 1, unit: 'piece', countedAt: at(1), deviceId: 'x' },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('InventoryListNotFound');
    const ny = await login(app, DEMO.ny);
    expect(
      (
        await call(ny, 'POST', countUrl(item), {
          id: randomUUID(),
          kind: 'delta',
          amount: 1,
          unit: 'piece',
          countedAt: at(1),
          deviceId: 'x',
        })
      ).status,
    ).toBe(403);
  });
});

// --- property: three devices offline, drained in any order ------------------------------------------------------------

type DeviceEvent = {
  id: string;
  kind: 'delta' | 'set';
  value: number;
  unit: 'piece' | 'carton';
  /** Seconds after the start; several devices may share a second. */
  second: number;
};
type Device = { token: 'kund' | 'personal'; deviceId: string; events: DeviceEvent[] };

/** The rule, written independently of the server: sort by (countedAt, id); last set, plus the deltas after it. */
function model(devices: Device[], ppc: number) {
  const all = devices.flatMap((d) => d.events.map((e) => ({ ...e, user: d.token })));
  all.sort((a, b) => a.second - b.second || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let start = -1;
  all.forEach((e, i) => {
    if (e.kind === 'set') start = i;
  });
  const milli = (e: DeviceEvent) => Math.round(e.value * 1000) * (e.unit === 'carton' ? ppc : 1);
  let total = start >= 0 ? milli(all[start]!) : 0;
  for (const e of all.slice(start + 1)) total += milli(e);
  const setter = start >= 0 ? all[start]!.user : null;
  const conflict = start >= 0 && all.slice(0, start).some((e) => e.kind === 'delta' && e.user !== setter);
  return { quantity: total / 1000, conflict, users: new Set(all.map((e) => e.user)) };
}

const deviceEvent = fc.record({
  kind: fc.constantFrom<'delta' | 'set'>('delta', 'delta', 'delta', 'set'),
  value: fc.integer({ min: 1, max: 40 }),
  negative: fc.boolean(),
  unit: fc.constantFrom<'piece' | 'carton'>('piece', 'piece', 'carton'),
  gap: fc.integer({ min: 0, max: 3 }),
});
const device = fc.array(deviceEvent, { minLength: 1, maxLength: 5 });

describe('property: three phones offline, drained in any order', () => {
  it('ends with the count the rule gives, whatever the arrival order and duplicates', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(device, device, device),
        fc.array(fc.nat(), { minLength: 30, maxLength: 30 }),
        fc.array(fc.constantFrom<'none' | 'key' | 'id'>('none', 'none', 'key', 'id'), { minLength: 15, maxLength: 15 }),
        async (raw, shuffle, duplicates) => {
          const item = await newItem();
          const owners: Device['token'][] = ['kund', 'kund', 'personal'];
          const devices: Device[] = raw.map((events, d) => {
            let second = 0;
            return {
              token: owners[d]!,
              deviceId: `telefon-${d}`,
              events: events.map((e) => {
                second += e.gap;
                return {
                  id: randomUUID(),
                  kind: e.kind,
                  value: e.kind === 'delta' && e.negative && e.value > 30 ? -1 : e.value,
                  unit: e.unit,
                  second,
                };
              }),
            };
          });
          // Every event once with its own Idempotency-Key, some again (same key, or same count id with a new key).
          type Send = { device: Device; event: DeviceEvent; key: string };
          const sends: Send[] = devices.flatMap((d) =>
            d.events.map((event) => ({ device: d, event, key: randomUUID() })),
          );
          const extra: Send[] = [];
          sends.forEach((s, i) => {
            const dup = duplicates[i % duplicates.length];
            if (dup === 'key') extra.push(s);
            if (dup === 'id') extra.push({ ...s, key: randomUUID() });
          });
          const queue = [...sends, ...extra];
          for (let i = queue.length - 1; i > 0; i--) {
            const j = (shuffle[i % shuffle.length] ?? 0) % (i + 1);
            [queue[i], queue[j]] = [queue[j]!, queue[i]!];
          }
          for (const s of queue) {
            const e = s.event;
            const body =
              e.kind === 'delta'
                ? {
                    id: e.id,
                    kind: 'delta',
                    amount: e.value,
                    unit: e.unit,
                    countedAt: at(e.second / 60),
                    deviceId: s.device.deviceId,
                  }
                : {
                    id: e.id,
                    kind: 'set',
                    quantity: e.value,
                    unit: e.unit,
                    countedAt: at(e.second / 60),
                    deviceId: s.device.deviceId,
                  };
            const res = await call<CountAnswer>(
              s.device.token === 'kund' ? kund : personal,
              'POST',
              countUrl(item),
              body,
              { 'idempotency-key': s.key },
            );
            expect([200, 201]).toContain(res.status);
          }
          const expected = model(devices, product.piecesPerCarton);
          const items = await call<{ data: InventoryListItem[] }>(
            kund,
            'GET',
            base(`/inventory-list/${list.id}/items`),
          );
          const got = items.body.data.find((i) => i.id === item)!;
          expect(got.quantity).toBeCloseTo(expected.quantity, 6);
          expect(got.conflict).toBe(expected.conflict);
          expect(got.countCount).toBe(devices.reduce((n, d) => n + d.events.length, 0));
          const ids = new Set(got.countedBy.map((u) => u.id));
          expect(ids).toEqual(new Set([...expected.users].map((u) => (u === 'kund' ? kundId : personalId))));
        },
      ),
      { numRuns: 25 },
    );
    // 25 runs of ~20 requests each: far from 30 s on an idle machine, but CI shares two cores with the whole suite.
  }, 120_000);
});
