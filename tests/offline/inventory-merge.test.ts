/**
 * Counting the same list on three phones offline (issue #6): three devices (three IndexedDB databases; two users, one
 * of them on two phones) count the same items with interleaved scans (pieces and cartons), typed numbers and undos,
 * while answers get lost (the change is delivered again under the same Idempotency-Key) and drains run at random
 * moments; at the end they drain in any order. The server's counts must equal its documented merge rule
 * (contract/rules/count.ts `mergeCounts`) over exactly the counts the devices made — nothing lost, nothing counted twice
 * — and every device, after a sync, must show the server's counts.
 */
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  IndexedArticle,
  InventoryCountsResponse,
  InventoryListDetail,
  InventoryUnit,
} from '../../contract/inventory';
import { fromMilliPieces, mergeCounts, toMilliPieces, type MergeEvent } from '../../contract/rules/count';
import type { OfflineDb } from '../../src/offline';
import { drain } from '../../src/offline/engine/drain';
import { mutateInventory, openInventoryList } from '../../src/offline/inventory/mutate';
import { storeSession, type EngineSession } from '../../src/offline/engine/session';
import { sync } from '../../src/offline/engine/sync';
import { DEMO, api, controlledTransport, freshDb, loginAs, manualClock, startServer, type Server } from './harness';

const COMPANY = '10001';
const ITEMS = 2;

let server: Server;
let sessions: EngineSession[];
let articles: IndexedArticle[];
beforeAll(async () => {
  server = await startServer();
  const kund = await loginAs(server, DEMO.kund);
  const kund2 = await loginAs(server, DEMO.kund);
  const personal = await loginAs(server, DEMO.personal);
  sessions = [kund, kund2, personal];
  const index = await api<{ articles: IndexedArticle[] }>(server, kund.token, `/v1/company/${COMPANY}/article-index`);
  articles = index.body.articles.filter((a) => a.kind === 'product' && a.piecesPerCarton > 1).slice(0, ITEMS);
  expect(articles).toHaveLength(ITEMS);
});
afterAll(() => server.close());

type Count = { device: number; item: number } & (
  { kind: 'scan'; unit: InventoryUnit } | { kind: 'set'; quantity: number; unit: InventoryUnit } | { kind: 'undo' }
);
type Command =
  | { kind: 'count'; count: Count; ms: number }
  | { kind: 'drain'; device: number; lose: boolean }
  | { kind: 'offline'; device: number; offline: boolean };

const device = fc.nat({ max: 2 });
const item = fc.nat({ max: ITEMS - 1 });
const unit = fc.constantFrom<InventoryUnit>('piece', 'carton');
const count: fc.Arbitrary<Count> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ device, item, kind: fc.constant('scan' as const), unit }) },
  {
    weight: 2,
    arbitrary: fc.record({
      device,
      item,
      kind: fc.constant('set' as const),
      quantity: fc.integer({ min: 0, max: 200 }),
      unit,
    }),
  },
  { weight: 2, arbitrary: fc.record({ device, item, kind: fc.constant('undo' as const) }) },
);
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant('count' as const), count, ms: fc.integer({ min: 0, max: 3000 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drain' as const), device, lose: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('offline' as const), device, offline: fc.boolean() }) },
);

async function newList(token: string): Promise<{ listId: string; itemIds: string[] }> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string };
  };
  const list = await post(`/v1/company/${COMPANY}/inventory-list`, { name: `Tre telefoner ${Date.now()}` });
  const itemIds: string[] = [];
  for (const a of articles)
    itemIds.push((await post(`/v1/company/${COMPANY}/inventory-list/${list.id}/item`, { productId: a.id })).id);
  return { listId: list.id, itemIds };
}

describe('three devices counting one list offline', () => {
  it('end with the server merge rule over exactly the counts made, and every device shows it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { minLength: 10, maxLength: 30 }),
        fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
        fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }),
        async (commands, startOffline, finalOrder) => {
          const { listId, itemIds } = await newList(sessions[0]!.token);
          const clock = manualClock(Date.now() - 60_000);
          const devices: { db: OfflineDb; net: ReturnType<typeof controlledTransport>; user: string }[] = [];
          for (let d = 0; d < 3; d++) {
            const db = freshDb();
            await storeSession(db, sessions[d]!);
            const net = controlledTransport(server.transport);
            await openInventoryList(db, listId);
            await sync({ db, transport: net.transport, companyCodes: [COMPANY], now: clock.now });
            expect((await db.inventoryItems.where('listId').equals(listId).count()) === ITEMS).toBe(true);
            net.offline = startOffline[d]!;
            devices.push({ db, net, user: sessions[d]!.userId });
          }
          /** Every count made on a device: what the server must hold in the end. */
          const made: (MergeEvent & { item: number })[] = [];
          const lastScan = new Map<string, { amount: number; unit: InventoryUnit }>();
          try {
            for (const c of commands) {
              if (c.kind === 'offline') devices[c.device]!.net.offline = c.offline;
              else if (c.kind === 'drain') {
                const { db, net } = devices[c.device]!;
                // The answer to one change is lost after the server committed it: it is delivered again later.
                const cancel = c.lose ? net.loseAnswer((r) => r.method === 'POST') : () => {};
                await sync({ db, transport: net.transport, companyCodes: [COMPANY], now: clock.now, force: true });
                cancel();
              } else {
                clock.advance(c.ms);
                const { device: d, item: i } = c.count;
                const { db, user } = devices[d]!;
                const base = { listId, itemId: itemIds[i]! };
                const key = `${d}|${i}`;
                const ppc = articles[i]!.piecesPerCarton;
                let result;
                if (c.count.kind === 'scan') {
                  result = await mutateInventory(
                    db,
                    { type: 'countDelta', ...base, amount: 1, unit: c.count.unit },
                    { now: clock.now },
                  );
                  lastScan.set(key, { amount: 1, unit: c.count.unit });
                } else if (c.count.kind === 'set') {
                  result = await mutateInventory(
                    db,
                    { type: 'countSet', ...base, quantity: c.count.quantity, unit: c.count.unit },
                    { now: clock.now },
                  );
                } else {
                  const last = lastScan.get(key);
                  if (!last) continue;
                  lastScan.delete(key);
                  result = await mutateInventory(db, { type: 'undoScan', ...base, ...last }, { now: clock.now });
                }
                const op = result.op;
                if (op.type !== 'count') throw new Error('not a count');
                made.push({
                  id: op.countId,
                  kind: op.kind,
                  countedAt: op.at,
                  milliPieces: toMilliPieces(op.value, op.unit, ppc),
                  userId: user,
                  item: i,
                });
              }
            }
            // Everyone back online, draining in any order (twice: a lost answer the first time round is resent).
            for (const d of finalOrder) {
              devices[d]!.net.offline = false;
              await drain({ db: devices[d]!.db, transport: devices[d]!.net.transport, force: true, now: clock.now });
            }
            for (const d of finalOrder) {
              const { db, net } = devices[d]!;
              const result = await sync({
                db,
                transport: net.transport,
                companyCodes: [COMPANY],
                now: clock.now,
                force: true,
              });
              expect(result.drain.remaining).toBe(0);
              expect(result.drain.rejected).toBe(0);
            }

            const token = sessions[0]!.token;
            const detail = await api<InventoryListDetail>(
              server,
              token,
              `/v1/company/${COMPANY}/inventory-list/${listId}`,
            );
            for (let i = 0; i < ITEMS; i++) {
              const serverItem = detail.body.items.find((x) => x.id === itemIds[i])!;
              const mine = made.filter((m) => m.item === i);
              const counts = await api<InventoryCountsResponse>(
                server,
                token,
                `/v1/company/${COMPANY}/inventory-list/${listId}/item/${itemIds[i]}/counts`,
              );
              // Nothing lost, nothing counted twice.
              expect(counts.body.data.map((e) => e.id).sort()).toEqual(mine.map((m) => m.id).sort());
              const expected = fromMilliPieces(
                mergeCounts(mine).milliPieces,
                serverItem.unit,
                serverItem.piecesPerCarton,
              );
              expect(serverItem.quantity).toBe(expected);
              expect(serverItem.countCount).toBe(mine.length);
              // Every device shows the server's count after its sync.
              for (const { db } of devices) {
                const shown = await db.inventoryItems.get(itemIds[i]!);
                expect(shown?.quantity).toBe(serverItem.quantity);
                expect(shown?.pending).toBe(false);
              }
            }
          } finally {
            for (const { db } of devices) db.close();
          }
        },
      ),
      { numRuns: Number(process.env.INVENTORY_RUNS ?? 8), endOnFailure: true },
    );
  }, 600_000);
});
