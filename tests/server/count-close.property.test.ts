/**
 * Counts, closes and reopens from three phones (issue #15, decision 0062): random interleavings of scans and typed
 * counts on three devices (two users; the real offline engine on each, with its own outbox and IndexedDB), closes made
 * on a device (queued like any change), reopens by staff, devices going offline and answers lost after the server
 * committed (the change is sent again under the same Idempotency-Key). After every device has drained:
 * - the server's quantity of each item is the merge rule over exactly the counts it answered 201/200 for;
 * - every other count is refused on its own device: in its outbox as refused, with InventoryListClosed and the
 *   Swedish message — none is lost, none is both;
 * - a close is refused only when the list was reopened after the reopening its phone knew of (InventoryListReopened,
 *   with its Swedish message): a close never undoes a reopening its phone had not seen;
 * and once the list is reopened and each device retries what was refused, the server holds every count ever made.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorsSv from '../../locales/sv/errors.json' with { type: 'json' };
import type {
  IndexedArticle,
  InventoryCountsResponse,
  InventoryListDetail,
  InventoryUnit,
} from '../../contract/inventory';
import { fromMilliPieces, mergeCounts, toMilliPieces, type MergeEvent } from '../../contract/rules/count';
import type { OfflineDb } from '../../src/offline';
import { drain } from '../../src/offline/engine/drain';
import { MutationError } from '../../src/offline/engine/messages';
import { discardRefused, retryRefused } from '../../src/offline/engine/refused';
import { storeSession, type EngineSession } from '../../src/offline/engine/session';
import { sync } from '../../src/offline/engine/sync';
import type { InventoryOp } from '../../src/offline/inventory/changes';
import { mutateInventory, openInventoryList } from '../../src/offline/inventory/mutate';
import {
  DEMO,
  api,
  controlledTransport,
  freshDb,
  loginAs,
  manualClock,
  startServer,
  type Server,
} from '../offline/harness';

const COMPANY = '10001';
const ITEMS = 2;

let server: Server;
let sessions: EngineSession[];
/** Staff: may reopen (a customer administrator's right); counts on the third phone. */
let staff: EngineSession;
let articles: IndexedArticle[];
beforeAll(async () => {
  server = await startServer();
  staff = await loginAs(server, DEMO.personal);
  sessions = [await loginAs(server, DEMO.kund), await loginAs(server, DEMO.kund), staff];
  const index = await api<{ articles: IndexedArticle[] }>(server, staff.token, `/v1/company/${COMPANY}/article-index`);
  articles = index.body.articles.filter((a) => a.kind === 'product' && a.piecesPerCarton > 1).slice(0, ITEMS);
  expect(articles).toHaveLength(ITEMS);
});
afterAll(() => server.close());

type Command =
  | { kind: 'scan'; device: number; item: number; unit: InventoryUnit; ms: number }
  | { kind: 'set'; device: number; item: number; quantity: number; unit: InventoryUnit; ms: number }
  | { kind: 'close'; device: number }
  | { kind: 'reopen' }
  | { kind: 'drain'; device: number; lose: boolean }
  | { kind: 'offline'; device: number; offline: boolean };

const device = fc.nat({ max: 2 });
const item = fc.nat({ max: ITEMS - 1 });
const unit = fc.constantFrom<InventoryUnit>('piece', 'carton');
const ms = fc.integer({ min: 0, max: 3000 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('scan' as const), device, item, unit, ms }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('set' as const),
      device,
      item,
      quantity: fc.integer({ min: 0, max: 200 }),
      unit,
      ms,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), device }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reopen' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('drain' as const), device, lose: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('offline' as const), device, offline: fc.boolean() }) },
);

async function post(token: string, path: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { id: string; reopenedAt?: string | null } };
}

async function newList(token: string): Promise<{ listId: string; itemIds: string[] }> {
  const list = await post(token, `/v1/company/${COMPANY}/inventory-list`, { name: `Stängs ${Date.now()}` });
  expect(list.status).toBe(201);
  const itemIds: string[] = [];
  for (const a of articles) {
    const added = await post(token, `/v1/company/${COMPANY}/inventory-list/${list.body.id}/item`, { productId: a.id });
    expect(added.status).toBe(201);
    itemIds.push(added.body.id);
  }
  return { listId: list.body.id, itemIds };
}

type Made = MergeEvent & { item: number; device: number };
type Device = { db: OfflineDb; net: ReturnType<typeof controlledTransport>; user: string };

/** The count ops refused on a device, by count id. */
async function refusedCounts(d: Device) {
  const rejected = await d.db.outbox.where('status').equals('rejected').toArray();
  return rejected.flatMap((e) => {
    const op = e.op as InventoryOp;
    return op.type === 'count' ? [{ seq: e.seq, countId: op.countId, error: e.lastError }] : [];
  });
}

/** The closes refused on a device, with the reopening each one knew of. */
async function refusedCloses(d: Device) {
  const rejected = await d.db.outbox.where('status').equals('rejected').toArray();
  return rejected.flatMap((e) => {
    const op = e.op as InventoryOp;
    return op.type === 'closeList' ? [{ seq: e.seq, known: op.reopenedAt, error: e.lastError }] : [];
  });
}

describe('counts, closes and reopens from three phones', () => {
  it('end with the server holding exactly the counts it accepted, every other one refused on its phone', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 8, maxLength: 26 }),
        fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }),
        async (commands, finalOrder) => {
          const { listId, itemIds } = await newList(staff.token);
          const clock = manualClock(Date.now() - 120_000);
          const devices: Device[] = [];
          for (let d = 0; d < 3; d++) {
            const db = freshDb();
            await storeSession(db, sessions[d]!);
            const net = controlledTransport(server.transport);
            await openInventoryList(db, listId);
            await sync({ db, transport: net.transport, companyCodes: [COMPANY], now: clock.now });
            devices.push({ db, net, user: sessions[d]!.userId });
          }
          const made: Made[] = [];
          /** The server's `reopenedAt` after each reopen. */
          const reopenings: string[] = [];
          const countPath = (i: number) => `/v1/company/${COMPANY}/inventory-list/${listId}/item/${itemIds[i]}/counts`;
          const serverCounts = async () => {
            const ids = new Set<string>();
            for (let i = 0; i < ITEMS; i++) {
              const res = await api<InventoryCountsResponse>(server, staff.token, countPath(i));
              for (const c of res.body.data) ids.add(c.id);
            }
            return ids;
          };
          /** The merge rule over `events` equals the server's quantity of each item. */
          const expectServerIs = async (events: Made[]) => {
            const detail = await api<InventoryListDetail>(
              server,
              staff.token,
              `/v1/company/${COMPANY}/inventory-list/${listId}`,
            );
            for (let i = 0; i < ITEMS; i++) {
              const serverItem = detail.body.items.find((x) => x.id === itemIds[i])!;
              const mine = events.filter((m) => m.item === i);
              const expected = fromMilliPieces(
                mergeCounts(mine).milliPieces,
                serverItem.unit,
                serverItem.piecesPerCarton,
              );
              expect(serverItem.quantity).toBe(expected);
              expect(serverItem.countCount).toBe(mine.length);
            }
          };

          try {
            for (const c of commands) {
              const dev = 'device' in c ? devices[c.device]! : undefined;
              if (c.kind === 'offline') dev!.net.offline = c.offline;
              else if (c.kind === 'reopen') {
                // Reopening is online only, by a customer administrator (here staff), straight to the server.
                const res = await post(staff.token, `/v1/company/${COMPANY}/inventory-list/${listId}/reopen`);
                expect(res.status).toBe(200);
                if (res.body.reopenedAt) reopenings.push(res.body.reopenedAt);
              } else if (c.kind === 'drain') {
                const cancel = c.lose ? dev!.net.loseAnswer((r) => r.method === 'POST') : () => {};
                await sync({
                  db: dev!.db,
                  transport: dev!.net.transport,
                  companyCodes: [COMPANY],
                  now: clock.now,
                  force: true,
                });
                cancel();
              } else {
                const change =
                  c.kind === 'close'
                    ? ({ type: 'closeList', listId, closedBy: null } as const)
                    : c.kind === 'scan'
                      ? ({ type: 'countDelta', listId, itemId: itemIds[c.item]!, amount: 1, unit: c.unit } as const)
                      : ({
                          type: 'countSet',
                          listId,
                          itemId: itemIds[c.item]!,
                          quantity: c.quantity,
                          unit: c.unit,
                        } as const);
                if (c.kind !== 'close') clock.advance(c.ms);
                const result = await mutateInventory(dev!.db, change, { now: clock.now }).catch((e: unknown) => {
                  // A phone that knows the list is closed does not take the count (the screen is read-only).
                  if (e instanceof MutationError && e.code === 'InventoryListClosed') return null;
                  throw e;
                });
                const op = result?.op;
                if (op?.type === 'count')
                  made.push({
                    id: op.countId,
                    kind: op.kind,
                    countedAt: op.at,
                    milliPieces: toMilliPieces(
                      op.value,
                      op.unit,
                      articles[c.kind === 'close' ? 0 : c.item]!.piecesPerCarton,
                    ),
                    userId: dev!.user,
                    item: c.kind === 'close' ? 0 : c.item,
                    device: c.device,
                  });
              }
            }

            // Everyone back online and drained (twice: an answer lost the first time round is sent again).
            for (const d of [...finalOrder, ...finalOrder]) {
              const { db, net } = devices[d]!;
              net.offline = false;
              await drain({ db, transport: net.transport, force: true, now: clock.now });
            }
            const applied = await serverCounts();
            for (let d = 0; d < 3; d++) {
              const dev = devices[d]!;
              expect(await dev.db.outbox.where('status').equals('pending').count()).toBe(0);
              const refused = await refusedCounts(dev);
              for (const r of refused) {
                // Refused, with the clear message, and not counted on the server.
                expect(r.error).toMatchObject({ status: 409, code: 'InventoryListClosed' });
                expect(r.error!.message).toBe(errorsSv.InventoryListClosed);
                expect(applied.has(r.countId)).toBe(false);
              }
              // Every count this phone made is either on the server or refused here: nothing lost.
              const refusedIds = new Set(refused.map((r) => r.countId));
              for (const m of made.filter((x) => x.device === d))
                expect(applied.has(m.id) !== refusedIds.has(m.id), m.id).toBe(true);
              // A close is refused only for a reopening made after the one its phone knew of.
              for (const r of await refusedCloses(dev)) {
                expect(r.error).toMatchObject({ status: 409, code: 'InventoryListReopened' });
                expect(r.error!.message).toBe(errorsSv.InventoryListReopened);
                expect(r.known).not.toBeUndefined();
                const last = reopenings.at(-1)!;
                expect(last).toBeDefined();
                if (r.known) expect(Date.parse(last)).toBeGreaterThan(Date.parse(r.known));
              }
            }
            expect([...applied].every((id) => made.some((m) => m.id === id))).toBe(true);
            await expectServerIs(made.filter((m) => applied.has(m.id)));

            // A customer administrator reopens; each phone retries what was refused: then every count made counts.
            expect((await post(staff.token, `/v1/company/${COMPANY}/inventory-list/${listId}/reopen`)).status).toBe(
              200,
            );
            for (const d of finalOrder) {
              const dev = devices[d]!;
              for (const r of await refusedCounts(dev)) await retryRefused(dev.db, r.seq);
              // A refused close is put aside by its user (the list was reopened for more counts).
              for (const r of await refusedCloses(dev)) await discardRefused(dev.db, r.seq);
              const result = await drain({ db: dev.db, transport: dev.net.transport, force: true, now: clock.now });
              expect(result.rejected).toBe(0);
              expect(await dev.db.outbox.count()).toBe(0);
            }
            expect([...(await serverCounts())].sort()).toEqual(made.map((m) => m.id).sort());
            await expectServerIs(made);
          } finally {
            for (const { db } of devices) db.close();
          }
        },
      ),
      { numRuns: Number(process.env.CLOSE_RUNS ?? 30), endOnFailure: true },
    );
  }, 900_000);
});
