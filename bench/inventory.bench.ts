// Stocktaking on the device (issue #6), with fake-indexeddb in Node (a phone's IndexedDB is slower in absolute terms,
// but the shape — which rows a scan reads and writes — is the same):
// - scan → count shown: resolve a scanned EAN against a 5 000-item list (indexes), store the count (mirror + outbox in
//   one transaction), until a live query of the item shows the new quantity (the count screen's card); also until the
//   live query of the whole list shows it (the list screen). Target < 50 ms median.
// - opening a 5 000-item list from the device: the list and its items read, sorted and grouped into rows (what the
//   virtualized list needs for its first rows). Target < 300 ms. The count screen's first rows: the whole list's walk
//   as before issue #17, and its zone read by [listId+zone] as since (decision 0070).
// - decoding one 640×360 camera frame with an EAN-13 with zxing (the fallback where BarcodeDetector is missing), and
//   one frame without a code (zxing gives up only after trying many rows).
// - the count screen in Chromium (bench/lib/inventory-browser.ts, issue #17): the first online visit that stores the
//   list (target ≤ 3 s) and the first typed count shown after an offline reload (target ≤ 500 ms).
// Settings: BENCH_INVENTORY_ITEMS (5000), BENCH_INVENTORY_SCANS (200), BENCH_INVENTORY_BROWSER=0 skips Chromium.
import 'fake-indexeddb/auto';
import zxing from '@zxing/library';
import { liveQuery } from 'dexie';
import type { InventoryListDetail, InventoryListItem } from '../contract/inventory';
import { barcodeModules } from '../e2e/support/barcode';
import { rowsOf } from '../src/features/inventory/logic';
import { currentStep, walkOf, walkZones, zoneItems } from '../src/features/inventory/walk';
import { walkOrder } from '../contract/rules/inventory-items';
import { readListZones, readZoneItems } from '../src/offline/inventory/zone-reads';
import { openOfflineDb } from '../src/offline';
import { transact } from '../src/offline/engine/database';
import { storeDetail } from '../src/offline/inventory/answers';
import { mutateInventory } from '../src/offline/inventory/mutate';
import { resolveScan } from '../src/offline/inventory/scan';
import { rebaseEntities } from '../src/offline/engine/rebase';
import { syncTables } from '../src/offline/engine/registry';
import { storeSession } from '../src/offline/engine/session';
import { countScreenInBrowser } from './lib/inventory-browser';
import type { Figures } from './lib/types';

const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } = zxing;

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN;
}

function ean13(n: number): string {
  const first12 = `73${String(n).padStart(10, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + ((10 - (sum % 10)) % 10);
}

const LIST = '0190a3b4-0000-7000-8000-00000000b001';
const ZONES = ['Kyl', 'Frys', 'Torrt', 'Dryck', 'Non food'];
const ACCOUNTS = ['1460', '1410', '1465'];

function detail(items: number): InventoryListDetail {
  const at = new Date('2026-11-20T09:00:00Z').toISOString();
  const rows: InventoryListItem[] = Array.from({ length: items }, (_, i) => ({
    id: `0190a3b4-0000-7000-8000-${String(i).padStart(12, '0')}`,
    listId: LIST,
    productId: `0190a3b4-0000-7000-9000-${String(i).padStart(12, '0')}`,
    companyProductId: null,
    articleNumber: `A${100000 + i}`,
    name: `Artikel ${i} ${['mjölk', 'smör', 'öl', 'ved', 'kaffe'][i % 5]}`,
    unit: 'piece',
    piecesPerCarton: 12,
    gtinPiece: ean13(i),
    gtinCarton: `1${ean13(i)}`,
    quantity: i % 7,
    price: 1000 + (i % 97) * 10,
    stockValue: (i % 7) * (1000 + (i % 97) * 10),
    account: ACCOUNTS[i % 3]!,
    accountName: null,
    zone: ZONES[i % 5]!,
    parLevel: i % 4 === 0 ? 10 : null,
    previousQuantity: null,
    variance: null,
    varianceValue: null,
    counted: i % 7 !== 0,
    countCount: i % 7 !== 0 ? 1 : 0,
    lastCountedAt: null,
    lastSetAt: null,
    lastSetBy: null,
    lastCountedBy: null,
    walkPosition: null,
    acceptedAt: null,
    countedBy: [],
    conflict: false,
    createdAt: at,
    updatedAt: at,
  }));
  return {
    id: LIST,
    companyCode: '10001',
    name: 'Bänk 5 000',
    dateFrom: '2026-11-01',
    dateTo: '2026-11-30',
    previousListId: null,
    previousListName: null,
    closedAt: null,
    closedBy: null,
    reopenedAt: null,
    version: 0,
    itemCount: items,
    countedCount: rows.filter((r) => r.counted).length,
    stockValue: rows.reduce((s, r) => s + r.stockValue, 0),
    createdAt: at,
    updatedAt: at,
    createdBy: null,
    items: rows,
  };
}

export default async function inventoryBench(): Promise<Figures> {
  const items = envInt('BENCH_INVENTORY_ITEMS', 5000);
  const scans = envInt('BENCH_INVENTORY_SCANS', 200);
  const db = openOfflineDb(`bench-inventory-${Date.now()}`);
  await storeSession(db, {
    userId: '0190a3b4-0000-7000-8000-0000000000aa',
    token: 't'.repeat(40),
    validTo: new Date(Date.now() + 3600_000).toISOString(),
  });
  const list = detail(items);
  const setupStart = performance.now();
  await transact(db, syncTables(db), async () => {
    await storeDetail(db, list);
    await rebaseEntities(db, 'inventoryList', [LIST]);
  });
  const setupMs = performance.now() - setupStart;

  // Opening the list from the device: read, then the sorted (and grouped) rows of the virtualized list.
  const company = { zones: ZONES.map((name, sort) => ({ id: name, name, sort })), accounts: [] };
  const open: number[] = [];
  const openGrouped: number[] = [];
  const openWalk: number[] = [];
  const openZone: number[] = [];
  for (let k = 0; k < 7; k++) {
    const t0 = performance.now();
    const [head, rows] = await Promise.all([
      db.inventoryLists.get(LIST),
      db.inventoryItems.where('listId').equals(LIST).toArray(),
    ]);
    const shown = rowsOf(rows, { sort: 'name', order: 'asc', group: null }, company);
    if (!head || shown.length !== items) throw new Error('list not read');
    open.push(performance.now() - t0);
    const t1 = performance.now();
    rowsOf(rows, { sort: 'stockValue', order: 'desc', group: 'zone' }, company);
    openGrouped.push(performance.now() - t1);
    // The count screen (issue #15): the same read, then the walk's steps with progress and the first zone's first rows
    // in walking order — only the current zone is sorted and drawn.
    const t2 = performance.now();
    const again = await db.inventoryItems.where('listId').equals(LIST).toArray();
    const walk = walkOf(again, company.zones);
    const first = zoneItems(again, currentStep(walk, null)!.zone).slice(0, 50);
    if (first.length !== 50) throw new Error('walk not read');
    openWalk.push(performance.now() - t2);
    // Since issue #17 the count screen reads the zones from the indexes and only the shown zone's rows.
    const t3 = performance.now();
    const held = await readListZones(db, LIST);
    const present = new Set<string | null>([...held.zones, ...(held.hasNone ? [null] : [])]);
    const place = currentStep({ steps: walkZones(present, company.zones) }, null, present)!;
    const zoneRows = (await readZoneItems(db, LIST, place.zone)).sort(walkOrder).slice(0, 50);
    if (zoneRows.length !== 50 || zoneRows[0]!.id !== first[0]!.id) throw new Error('zone not read');
    openZone.push(performance.now() - t3);
  }

  // Scan → count shown. The count screen shows the item the store returns once it is committed (resolve + one
  // transaction); its card then follows the item with a live query. Measured without and with a live query of the whole
  // list open (the list screen in another tab: every scan re-reads 5 000 rows).
  const shown: number[] = [];
  const card: number[] = [];
  const cardWithList: number[] = [];
  const wholeList: number[] = [];
  const resolveTimes: number[] = [];
  let seenList: ((q: number | undefined) => void) | null = null;
  let watched = '';
  let listSub: { unsubscribe(): void } | undefined;
  for (let k = 0; k < scans * 2; k++) {
    const withList = k >= scans;
    if (withList && !listSub) {
      // The list screen, or the count screen's walk (which also works its progress and current zone out of it).
      listSub = liveQuery(() => db.inventoryItems.where('listId').equals(LIST).toArray()).subscribe((all) => {
        const walk = walkOf(all, company.zones);
        zoneItems(all, currentStep(walk, null)!.zone);
        seenList?.(all.find((i) => i.id === watched)?.quantity);
      });
    }
    const n = (k * 37) % items;
    const code = k % 2 === 0 ? ean13(n) : `1${ean13(n)}`;
    const found0 = await resolveScan(db, '10001', LIST, code);
    if (found0.kind !== 'item') throw new Error(`scan not resolved: ${code}`);
    const expected = found0.item.quantity + (found0.unit === 'carton' ? 12 : 1);
    const itemId = found0.item.id;
    watched = itemId;
    let itemSub: { unsubscribe(): void } | undefined;
    let first = true;
    const subscribed = new Promise<void>((ready) => {
      itemSub = liveQuery(() => db.inventoryItems.get(itemId)).subscribe((i) => {
        if (first) {
          first = false;
          ready();
        }
        if (i?.quantity === expected) resolveCard();
      });
    });
    let resolveCard: () => void = () => {};
    const cardShown = new Promise<void>((r) => (resolveCard = r));
    const listShown = new Promise<void>((resolve) => {
      seenList = (q) => q === expected && resolve();
    });
    await subscribed;

    const t0 = performance.now();
    const found = await resolveScan(db, '10001', LIST, code);
    if (found.kind !== 'item') throw new Error('scan not resolved');
    resolveTimes.push(performance.now() - t0);
    const result = await mutateInventory(db, { type: 'countDelta', listId: LIST, itemId, amount: 1, unit: found.unit });
    if (result.item?.quantity !== expected) throw new Error('wrong count');
    if (!withList) shown.push(performance.now() - t0);
    await cardShown;
    (withList ? cardWithList : card).push(performance.now() - t0);
    itemSub?.unsubscribe();
    if (withList) {
      await listShown;
      wholeList.push(performance.now() - t0);
    }
  }
  listSub?.unsubscribe();
  db.close();

  // zxing: one camera frame (640×360, dark bars on white) with an EAN-13.
  const width = 640;
  const height = 360;
  const modules = barcodeModules(ean13(4711));
  const luma = new Uint8ClampedArray(width * height).fill(235);
  const left = Math.floor((width - modules.length * 3) / 2);
  for (let y = Math.floor(height * 0.2); y < Math.floor(height * 0.8); y++)
    for (let m = 0; m < modules.length; m++)
      if (modules[m]) luma.fill(16, y * width + left + m * 3, y * width + left + m * 3 + 3);
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map([
      [
        DecodeHintType.POSSIBLE_FORMATS,
        [BarcodeFormat.EAN_13, BarcodeFormat.EAN_8, BarcodeFormat.UPC_A, BarcodeFormat.CODE_128],
      ],
    ]),
  );
  const decode: number[] = [];
  for (let k = 0; k < 60; k++) {
    const t0 = performance.now();
    const text = reader
      .decodeWithState(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luma, width, height))))
      .getText();
    decode.push(performance.now() - t0);
    if (text !== ean13(4711)) throw new Error(`decoded ${text}`);
  }

  // A frame without a code (most frames while the phone moves): zxing tries row after row before giving up.
  const empty = new Uint8ClampedArray(width * height).map((_, i) => 200 + ((i * 7919) % 40));
  const miss: number[] = [];
  for (let k = 0; k < 30; k++) {
    const t0 = performance.now();
    try {
      reader.decodeWithState(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(empty, width, height))));
    } catch {
      // NotFoundException: nothing in the frame
    }
    miss.push(performance.now() - t0);
  }

  const browser = process.env.BENCH_INVENTORY_BROWSER === '0' ? {} : await countScreenInBrowser(items);

  const scanMedian = percentile(shown, 0.5);
  const openMedian = percentile(open, 0.5);
  return {
    items,
    scans,
    setup_store_and_rebase_ms: round(setupMs),
    scan_to_count_shown_median_ms: round(scanMedian, 2),
    scan_to_count_shown_p95_ms: round(percentile(shown, 0.95), 2),
    scan_resolve_median_ms: round(percentile(resolveTimes, 0.5), 2),
    scan_to_card_live_query_median_ms: round(percentile(card, 0.5), 2),
    scan_to_card_live_query_with_list_screen_open_median_ms: round(percentile(cardWithList, 0.5), 2),
    scan_to_whole_list_live_query_median_ms: round(percentile(wholeList, 0.5), 2),
    scan_target_ms: 50,
    scan_target_met: scanMedian < 50,
    open_list_first_rows_median_ms: round(openMedian, 1),
    open_list_grouped_by_zone_sorted_by_value_median_ms: round(percentile(openGrouped, 0.5), 1),
    open_count_screen_walk_first_rows_median_ms: round(percentile(openWalk, 0.5), 1),
    open_count_screen_zone_first_rows_median_ms: round(percentile(openZone, 0.5), 1),
    open_target_ms: 300,
    open_target_met: openMedian < 300,
    zxing_ean13_frame_decode_median_ms: round(percentile(decode, 0.5), 2),
    zxing_ean13_frame_decode_p95_ms: round(percentile(decode, 0.95), 2),
    zxing_frame_without_code_median_ms: round(percentile(miss, 0.5), 2),
    ...browser,
  };
}
