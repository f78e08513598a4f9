// The offline engine (src/offline) against the real server: 1 000 purchase-list changes queued on the device
// (fake-indexeddb) drain to the API, strictly in order with Idempotency-Keys; target < 10 s in total, median per
// change reported. And the time of a local change as the UI sees it: mutate() (mirror + outbox in one transaction)
// until a live query shows the new value; target < 16 ms median (one frame).
//
// The app runs in a child process on a fresh PGlite database (or PostgreSQL with DATABASE_URL).
// Settings: BENCH_CHANGES (1000), BENCH_LOCAL_CHANGES (300).
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openOfflineDb } from '../src/offline';
import { drain } from '../src/offline/engine/drain';
import { mutate } from '../src/offline/purchase-lists/mutate';
import type { ProductSnapshot, PurchaseListChange } from '../src/offline/purchase-lists/operations';
import { storeSession } from '../src/offline/engine/session';
import { createFetchTransport, type Transport } from '../src/offline/engine/transport';
import { startServer, type ServerChild } from './lib/child';
import type { Figures } from './lib/types';

const LOGIN = { email: 'kund@skafferi.test', password: 'Kund123!' };
const COMPANY = '10001';
const LISTS = 10;
const serversDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'servers');

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN;
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Articles as the catalogue would hand them to addItem: taken from the demo company's seeded purchase lists. */
async function products(baseUrl: string, token: string, wanted: number): Promise<ProductSnapshot[]> {
  const headers = { authorization: `Bearer ${token}` };
  const found = new Map<string, ProductSnapshot>();
  for (const company of ['10001', '10002', '10003']) {
    const lists = await json<{ data: { id: string }[] }>(`${baseUrl}/v1/purchase-lists?company=${company}`, {
      headers,
    }).catch(() => ({ data: [] }));
    for (const { id } of lists.data) {
      const detail = await json<{ items: (ProductSnapshot & { id: string; quantity: number; addedAt: string })[] }>(
        `${baseUrl}/v1/purchase-lists/${id}`,
        { headers },
      );
      for (const { id: _, quantity: __, addedAt: ___, ...product } of detail.items)
        found.set(product.productId, product);
      if (found.size >= wanted) return [...found.values()].slice(0, wanted);
    }
  }
  if (found.size === 0) throw new Error('no articles found in the seeded purchase lists');
  return [...found.values()];
}

export default async function offlineDrain(): Promise<Figures> {
  const total = envInt('BENCH_CHANGES', 1000);
  const localChanges = envInt('BENCH_LOCAL_CHANGES', 300);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'skafferi-bench-'));
  let app: ServerChild | undefined;
  const db = openOfflineDb(`skafferi-bench-${Date.now()}`);
  try {
    app = await startServer(
      path.join(serversDir, 'app-server.ts'),
      {
        ...process.env,
        DATA_DIR: dataDir,
        SEED_ON_EMPTY: 'true',
        SEED_PRODUCTS: '200',
        SERVE_CLIENT: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
      },
      { label: 'app' },
    );
    const baseUrl = app.url;
    const { token, validTo } = await json<{ token: string; validTo: string }>(`${baseUrl}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(LOGIN),
    });
    const me = await json<{ id: string }>(`${baseUrl}/v1/customer/`, { headers: { authorization: `Bearer ${token}` } });
    await storeSession(db, { userId: me.id, token, validTo });
    const pool = await products(baseUrl, token, 20);

    // 1. Queue `total` changes offline: per list one create, one add per article, then quantities and renames.
    const perList = Math.ceil(total / LISTS);
    const lists: { id: string; items: string[] }[] = [];
    let queued = 0;
    const queue = async (change: PurchaseListChange) => {
      queued++;
      return mutate(db, change);
    };
    for (let l = 0; l < LISTS && queued < total; l++) {
      const { id } = await queue({ type: 'createList', companyCode: COMPANY, name: `Bänk ${l + 1}` });
      const list = { id: id!, items: [] as string[] };
      lists.push(list);
      for (const product of pool.slice(0, Math.min(pool.length, perList - 1))) {
        if (queued >= total) break;
        list.items.push((await queue({ type: 'addItem', listId: list.id, product, quantity: 1 })).id!);
      }
      for (let k = 0; queued < Math.min(total, (l + 1) * perList); k++) {
        if (k % 10 === 9) await queue({ type: 'renameList', listId: list.id, name: `Bänk ${l + 1}.${k}` });
        else {
          const itemId = list.items[k % list.items.length]!;
          await queue({ type: 'setItemQuantity', listId: list.id, itemId, quantity: (k % 50) + 1 });
        }
      }
    }
    if ((await db.outbox.count()) !== total) throw new Error(`queued ${await db.outbox.count()} of ${total}`);

    // 2. Drain them to the real server; time each change from the end of the previous one.
    const real = createFetchTransport({ baseUrl });
    const done: number[] = [];
    const timed: Transport = async (request) => {
      const response = await real(request);
      if (request.method !== 'GET') done.push(performance.now());
      return response;
    };
    const started = performance.now();
    const summary = await drain({ db, transport: timed, force: true });
    const seconds = (performance.now() - started) / 1000;
    if (summary.sent !== total || summary.remaining !== 0 || summary.rejected !== 0) {
      throw new Error(`drain did not send everything: ${JSON.stringify(summary)}`);
    }
    const perChange = done.map((t, i) => t - (i === 0 ? started : done[i - 1]!));
    const onServer = await json<{ data: { id: string }[] }>(`${baseUrl}/v1/purchase-lists?company=${COMPANY}`, {
      headers: { authorization: `Bearer ${(await db.session.get('current'))!.token}` },
    });
    const missing = lists.filter((l) => !onServer.data.some((s) => s.id === l.id));
    if (missing.length > 0) throw new Error(`${missing.length} lists missing on the server`);

    // 3. A local change as the UI sees it: mutate, then the list's live query shows the new quantity.
    const list = lists[0]!;
    const itemId = list.items[0]!;
    let resolveSeen: ((quantity: number) => void) | undefined;
    const subscription = liveQuery(() => db.purchaseListItems.where('listId').equals(list.id).toArray()).subscribe(
      (items) => resolveSeen?.(items.find((i) => i.id === itemId)?.quantity ?? NaN),
    );
    const local: number[] = [];
    for (let k = 0; k < localChanges; k++) {
      const quantity = 100 + k;
      const seen = new Promise<void>((resolve) => {
        resolveSeen = (q) => {
          if (q === quantity) resolve();
        };
      });
      const t0 = performance.now();
      await mutate(db, { type: 'setItemQuantity', listId: list.id, itemId, quantity });
      await seen;
      local.push(performance.now() - t0);
    }
    subscription.unsubscribe();

    const drainOk = seconds < 10;
    const localOk = percentile(local, 0.5) < 16;
    return {
      changes: total,
      'drain total s': round(seconds, 2),
      'drain median ms/change': round(percentile(perChange, 0.5), 2),
      'drain p95 ms/change': round(percentile(perChange, 0.95), 2),
      'drain changes/s': round(total / seconds, 0),
      'local changes': localChanges,
      'local change median ms': round(percentile(local, 0.5), 2),
      'local change p95 ms': round(percentile(local, 0.95), 2),
      target: 'drain < 10 s; local change < 16 ms median',
      verdict: drainOk && localOk ? 'PASS' : 'BELOW',
    };
  } finally {
    db.close();
    await db.delete().catch(() => undefined);
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
