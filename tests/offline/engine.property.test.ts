/**
 * Nothing lost, nothing doubled, nothing reordered (issue 4): random sequences of purchase-list changes made through
 * the engine, interleaved with network cuts, answers lost after the server committed, gateway 503s, duplicate
 * (concurrent) drains from two engine instances, tokens that expire on the server (renewable, or dead until the user
 * logs in again), tokens due for renewal on the device, and reloads (a new engine instance on the same IndexedDB
 * database). After a final successful sync the server's lists and items, read through the API, must equal a model
 * of applying each change once, in order; the mirror must equal the server; and nothing may be left or refused.
 * At every step in between, the mirror must show the model (the user's intent), whatever the network did.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOfflineDb, type OfflineDb } from '../../src/offline';
import { drain } from '../../src/offline/engine/drain';
import { MutationError } from '../../src/offline/engine/messages';
import { mutate } from '../../src/offline/purchase-lists/mutate';
import {
  settleQuantity,
  type ProductSnapshot,
  type PurchaseListChange,
} from '../../src/offline/purchase-lists/operations';
import { readSession, storeSession } from '../../src/offline/engine/session';
import { sync } from '../../src/offline/engine/sync';
import type { TransportRequest } from '../../src/offline/engine/transport';
import {
  DEMO,
  controlledTransport,
  isChange,
  loginAs,
  productSnapshots,
  serverList,
  serverLists,
  setServerValidTo,
  startServer,
  type Server,
} from './harness';

const COMPANIES = ['10001', '10002'] as const;
const NAMES = ['Veckohandel', 'Bar', 'Kalla köket', 'Ölkyl', 'åkerbär', 'Städ'];

let server: Server;
let pool: ProductSnapshot[];
beforeAll(async () => {
  server = await startServer();
  const all = await productSnapshots(server, 40);
  pool = [...all.filter((p) => p.wholeUnitsOnly).slice(0, 3), ...all.filter((p) => !p.wholeUnitsOnly).slice(0, 2)];
  expect(pool.length).toBeGreaterThanOrEqual(4);
});
afterAll(() => server.close());

// --- commands ----------------------------------------------------------------------------------------------------

type Change =
  | { kind: 'createList'; company: number; name: string }
  | { kind: 'renameList'; list: number; name: string }
  | { kind: 'deleteList'; list: number }
  | { kind: 'addItem'; list: number; product: number; quantity: number }
  | { kind: 'setItemQuantity'; item: number; quantity: number }
  | { kind: 'removeItem'; item: number }
  | { kind: 'resetList'; list: number };
type Network =
  | { kind: 'ok' }
  | { kind: 'offline' }
  | { kind: 'lose'; at: number }
  | { kind: 'gateway'; at: number }
  // The whole answer of a batch (POST /v1/sync) lost after the server committed it.
  | { kind: 'loseBatch' }
  // A proxy answers 503 to a whole batch; nothing of it reaches the server.
  | { kind: 'gatewayBatch' };
type Command =
  | { kind: 'change'; change: Change }
  | { kind: 'drain'; network: Network; force: boolean; refresh: boolean }
  | { kind: 'double'; network: Network }
  | { kind: 'expire'; how: 'renewable' | 'dead' | 'due' }
  | { kind: 'login' }
  | { kind: 'reload' };

const n = fc.nat({ max: 40 });
const tenths = (min: number, max: number) => fc.integer({ min, max }).map((x) => x / 10);
const change: fc.Arbitrary<Change> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('createList' as const),
      company: fc.nat({ max: 1 }),
      name: fc.constantFrom(...NAMES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('renameList' as const), list: n, name: fc.constantFrom(...NAMES) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteList' as const), list: n }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('addItem' as const),
      list: n,
      product: fc.nat({ max: 4 }),
      quantity: tenths(1, 200),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('setItemQuantity' as const), item: n, quantity: tenths(0, 200) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('removeItem' as const), item: n }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('resetList' as const), list: n }) },
);
const network: fc.Arbitrary<Network> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'ok' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'offline' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('lose' as const), at: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('gateway' as const), at: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'loseBatch' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'gatewayBatch' as const }) },
);
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 12, arbitrary: change.map((c) => ({ kind: 'change' as const, change: c })) },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('drain' as const), network, force: fc.boolean(), refresh: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('double' as const), network }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('expire' as const),
      how: fc.constantFrom('renewable' as const, 'dead' as const, 'due' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'login' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
);
const plan = fc
  .tuple(
    change.filter((c) => c.kind === 'createList'),
    fc.array(command, { minLength: 5, maxLength: 28 }),
  )
  .map(([first, rest]): Command[] => [{ kind: 'change', change: first }, ...rest]);

// --- the model: each change applied once, in order ---------------------------------------------------------------

type ModelList = { company: string; name: string; items: Map<string, { productId: string; quantity: number }> };
type Model = Map<string, ModelList>;

// --- one run -----------------------------------------------------------------------------------------------------

async function run(commands: Command[]) {
  const dbName = `skafferi-prop-${randomUUID()}`;
  let db: OfflineDb = openOfflineDb(dbName);
  const net = controlledTransport(server.transport);
  const user = await loginAs(server, DEMO.kund);
  await storeSession(db, user);
  const model: Model = new Map();
  const created: string[] = [];

  const pick = <T>(from: T[], i: number): T | undefined => (from.length ? from[i % from.length] : undefined);
  const liveItems = () =>
    [...model].flatMap(([listId, l]) => [...l.items.keys()].map((itemId) => ({ listId, itemId })));

  /** The change as the UI would ask for it, on the rows the user sees; null when there is nothing to change. */
  function toChange(c: Change): { change: PurchaseListChange; valid: boolean; apply: () => void } | null {
    const lists = [...model.keys()];
    switch (c.kind) {
      case 'createList': {
        const id = randomUUID();
        const company = COMPANIES[c.company]!;
        return {
          change: { type: 'createList', companyCode: company, name: c.name, id },
          valid: true,
          apply: () => {
            created.push(id);
            model.set(id, { company, name: c.name, items: new Map() });
          },
        };
      }
      case 'renameList':
      case 'deleteList':
      case 'resetList': {
        const listId = pick(lists, c.list);
        if (!listId) return null;
        const list = model.get(listId)!;
        if (c.kind === 'renameList')
          return {
            change: { type: 'renameList', listId, name: c.name },
            valid: true,
            apply: () => (list.name = c.name),
          };
        if (c.kind === 'deleteList')
          return { change: { type: 'deleteList', listId }, valid: true, apply: () => model.delete(listId) };
        return {
          change: { type: 'resetList', listId },
          valid: true,
          apply: () => list.items.forEach((i) => (i.quantity = 0)),
        };
      }
      case 'addItem': {
        const listId = pick(lists, c.list);
        if (!listId) return null;
        const list = model.get(listId)!;
        const product = pool[c.product % pool.length]!;
        const id = randomUUID();
        const valid = ![...list.items.values()].some((i) => i.productId === product.productId);
        return {
          change: { type: 'addItem', listId, product, quantity: c.quantity, id },
          valid,
          apply: () =>
            list.items.set(id, {
              productId: product.productId,
              quantity: settleQuantity(product.wholeUnitsOnly, c.quantity, 1),
            }),
        };
      }
      case 'setItemQuantity':
      case 'removeItem': {
        const target = pick(liveItems(), c.item);
        if (!target) return null;
        const items = model.get(target.listId)!.items;
        const item = items.get(target.itemId)!;
        const whole = pool.find((p) => p.productId === item.productId)!.wholeUnitsOnly;
        return c.kind === 'removeItem'
          ? { change: { type: 'removeItem', ...target }, valid: true, apply: () => items.delete(target.itemId) }
          : {
              change: { type: 'setItemQuantity', ...target, quantity: c.quantity },
              valid: true,
              apply: () => (item.quantity = settleQuantity(whole, c.quantity, 0)),
            };
      }
    }
  }

  function arm(network: Network): () => void {
    net.offline = network.kind === 'offline';
    let changes = 0;
    const nth = (at: number) => (r: TransportRequest) => isChange(r) && ++changes === at;
    if (network.kind === 'lose') return net.loseAnswer(nth(network.at));
    if (network.kind === 'gateway') return net.gateway(nth(network.at), 503);
    if (network.kind === 'loseBatch') return net.loseBatch();
    if (network.kind === 'gatewayBatch') return net.gatewayBatch(503);
    return () => undefined;
  }

  /** The mirror shows exactly the model (the user's intent), whatever state the network left things in. */
  async function expectMirrorIsModel(where: string) {
    const lists = (await db.purchaseLists.bulkGet(created)).filter((l) => l !== undefined);
    expect(lists.map((l) => l.id).sort(), where).toEqual([...model.keys()].sort());
    for (const list of lists) {
      const expected = model.get(list.id)!;
      const items = await db.purchaseListItems.where('listId').equals(list.id).toArray();
      expect({ name: list.name, company: list.companyCode, itemCount: list.itemCount }, where).toEqual({
        name: expected.name,
        company: expected.company,
        itemCount: expected.items.size,
      });
      expect(items.map((i) => [i.id, i.productId, i.quantity]).sort(), where).toEqual(
        [...expected.items].map(([id, i]) => [id, i.productId, i.quantity]).sort(),
      );
    }
  }

  for (const [step, cmd] of commands.entries()) {
    const where = `step ${step}: ${JSON.stringify(cmd)}`;
    switch (cmd.kind) {
      case 'change': {
        const c = toChange(cmd.change);
        if (!c) break;
        const outcome = await mutate(db, c.change).then(
          () => 'ok',
          (e: unknown) => (e instanceof MutationError ? e.code : Promise.reject(e)),
        );
        expect(outcome, where).toBe(c.valid ? 'ok' : 'ArticleAlreadyInList');
        if (c.valid) c.apply();
        break;
      }
      case 'drain': {
        const disarm = arm(cmd.network);
        if (cmd.refresh) await sync({ db, transport: net.transport, force: cmd.force, companyCodes: COMPANIES });
        else await drain({ db, transport: net.transport, force: cmd.force });
        disarm();
        net.offline = false;
        break;
      }
      case 'double': {
        // Two engine instances on one database (two tabs, or a tab and the worker) drain at once.
        const disarm = arm(cmd.network);
        const other = openOfflineDb(dbName);
        await Promise.all([
          sync({ db, transport: net.transport, force: true, companyCodes: COMPANIES }),
          drain({ db: other, transport: net.transport, force: true }),
        ]);
        other.close();
        disarm();
        net.offline = false;
        break;
      }
      case 'expire': {
        const session = (await readSession(db))!;
        if (cmd.how === 'due') {
          await db.session.put({ ...session, validTo: new Date(Date.now() + 60_000).toISOString() });
        } else {
          const hours = cmd.how === 'renewable' ? 1 : 24;
          await setServerValidTo(server, user.userId, new Date(Date.now() - hours * 3600_000));
        }
        break;
      }
      case 'login':
        await storeSession(db, await loginAs(server, DEMO.kund));
        break;
      case 'reload':
        db.close();
        db = openOfflineDb(dbName);
        break;
    }
    await expectMirrorIsModel(where);
  }

  // The network is back for good; the user logs in again if their token died.
  net.offline = false;
  let token = (await readSession(db))!.token;
  for (let round = 0; ; round++) {
    const result = await sync({ db, transport: net.transport, force: true, companyCodes: COMPANIES });
    if (result.drain.remaining === 0 && result.refresh?.stopped === null) break;
    expect(round, JSON.stringify(result)).toBeLessThan(3);
    const fresh = await loginAs(server, DEMO.kund);
    await storeSession(db, fresh);
  }
  token = (await readSession(db))!.token;

  // Nothing waits, nothing was refused.
  expect(await db.outbox.toArray()).toEqual([]);
  await expectMirrorIsModel('after the final sync');

  // The server, through the API, equals the model; and the mirror equals the server.
  for (const company of COMPANIES) {
    const lists = await serverLists(server, token, company);
    const ours = lists.filter((l) => created.includes(l.id));
    expect(ours.map((l) => [l.id, l.name, l.itemCount]).sort()).toEqual(
      [...model]
        .filter(([, l]) => l.company === company)
        .map(([id, l]) => [id, l.name, l.items.size])
        .sort(),
    );
    const mirror = await db.purchaseLists.where('companyCode').equals(company).toArray();
    expect(mirror.map((l) => [l.id, l.name, l.itemCount, l.updatedAt, l.pending]).sort()).toEqual(
      lists.map((l) => [l.id, l.name, l.itemCount, (l as unknown as { updatedAt: string }).updatedAt, false]).sort(),
    );
  }
  for (const id of created) {
    const detail = await serverList(server, token, id);
    const expected = model.get(id);
    if (!expected) {
      expect(detail).toBeNull();
      continue;
    }
    expect(detail!.items.map((i) => [i.id, i.productId, i.quantity]).sort()).toEqual(
      [...expected.items].map(([itemId, i]) => [itemId, i.productId, i.quantity]).sort(),
    );
    const mirrorItems = await db.purchaseListItems.where('listId').equals(id).toArray();
    expect(mirrorItems.map(({ listId: _, companyCode: __, pending: ___, ...i }) => i).sort(byId)).toEqual(
      [...detail!.items].sort(byId),
    );
  }

  // Leave the server as it was, so runs stay independent and small.
  for (const id of model.keys()) {
    await fetch(`${server.baseUrl}/v1/purchase-lists/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
  db.close();
  await db.delete();
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe('the offline engine under failures', () => {
  it('ends with the server in the state of applying each change once, in order, and the mirror equal to it', async () => {
    await fc.assert(
      fc.asyncProperty(plan, async (commands) => {
        await run(commands);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 30), endOnFailure: true },
    );
    // A limit for a hang, not for speed: each run is real requests to the real server (logins hash with argon2), about
    // 1 s of work a run on an idle machine and several on a busy one; 30 runs took 130 s beside other work.
  }, 900_000);
});
