// The offline engine (src/offline) against the real server: 1 000 purchase-list changes queued on the device
// (fake-indexeddb) drain to the API, strictly in order with Idempotency-Keys. Side by side in the same run (issue #17,
// decision 0067): the batched push (POST /v1/sync, 100 changes a request) and the old way (one call per change), on
// loopback and through a proxy that adds 300 ms round trip (150 ms each way, a phone network). Targets: batched ≤ 1 s
// on loopback, ≤ 5 s at 300 ms RTT. The per-call drain through the proxy is timed on BENCH_SLOW_CHANGES (50) changes
// and scaled to 1 000 (it would take minutes). And the time of a local change as the UI sees it: mutate() (mirror +
// outbox in one transaction) until a live query shows the new value; target < 16 ms median (one frame).
//
// The app runs in a child process on a fresh PGlite database (or PostgreSQL with DATABASE_URL).
// Settings: BENCH_CHANGES (1000), BENCH_SLOW_CHANGES (50), BENCH_LOCAL_CHANGES (300), BENCH_WARMUP_CHANGES (250, drained
// untimed before the timed runs, as a running server has served drains before).
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openOfflineDb } from '../src/offline';
import { drain } from '../src/offline/engine/drain';
import { mutate } from '../src/offline/purchase-lists/mutate';
import type { ProductSnapshot, PurchaseListChange } from '../src/offline/purchase-lists/operations';
import { storeSession } from '../src/offline/engine/session';
import { createFetchTransport } from '../src/offline/engine/transport';
import type { OfflineDb } from '../src/offline/engine/database';
import { startDelayProxy } from './lib/delay-proxy';
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

type Queued = { lists: { id: string; items: string[] }[] };

/** Queues `total` changes offline: per list one create, one add per article, then quantities and renames. */
async function queueChanges(db: OfflineDb, pool: ProductSnapshot[], total: number, tag: string): Promise<Queued> {
  const perList = Math.ceil(total / LISTS);
  const lists: Queued['lists'] = [];
  let queued = 0;
  const queue = async (change: PurchaseListChange) => {
    queued++;
    return mutate(db, change);
  };
  const listCount = Math.min(LISTS, total);
  for (let l = 0; l < listCount && queued < total; l++) {
    const { id } = await queue({ type: 'createList', companyCode: COMPANY, name: `Bänk ${tag} ${l + 1}` });
    const list = { id: id!, items: [] as string[] };
    lists.push(list);
    for (const product of pool.slice(0, Math.min(pool.length, perList - 1))) {
      if (queued >= total) break;
      list.items.push((await queue({ type: 'addItem', listId: list.id, product, quantity: 1 })).id!);
    }
    for (let k = 0; queued < Math.min(total, (l + 1) * perList) && list.items.length > 0; k++) {
      if (k % 10 === 9) await queue({ type: 'renameList', listId: list.id, name: `Bänk ${tag} ${l + 1}.${k}` });
      else {
        const itemId = list.items[k % list.items.length]!;
        await queue({ type: 'setItemQuantity', listId: list.id, itemId, quantity: (k % 50) + 1 });
      }
    }
  }
  const count = await db.outbox.count();
  if (count !== total) throw new Error(`queued ${count} of ${total}`);
  return { lists };
}

/**
 * The CPU seconds the server process has used so far (Linux: /proc/<pid>/stat, user + system, at the kernel's 100 ticks
 * a second), or NaN elsewhere. Wall time on a machine shared with other work swings with its load; the server's own
 * CPU per change much less, so it is reported beside it (decision 0071, fourth round).
 */
async function cpuSecondsOf(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Queues `total` changes on a fresh device with the session and drains them through `baseUrl`: seconds, requests, and
 * the server's CPU seconds during the drain.
 */
async function timedDrain(
  session: { userId: string; token: string; validTo: string },
  pool: ProductSnapshot[],
  total: number,
  baseUrl: string,
  perCall: boolean,
  tag: string,
  serverPid: number,
) {
  const db = openOfflineDb(`skafferi-bench-${tag}-${Date.now()}`);
  try {
    await storeSession(db, session);
    await db.session.where('key').equals('current').modify({ verified: true });
    await queueChanges(db, pool, total, tag);
    const real = createFetchTransport({ baseUrl });
    let requests = 0;
    let waited = 0;
    const cpuBefore = await cpuSecondsOf(serverPid);
    const started = performance.now();
    const summary = await drain({
      db,
      transport: async (request) => {
        if (request.method !== 'GET') requests++;
        const sent = performance.now();
        try {
          return await real(request);
        } finally {
          waited += performance.now() - sent;
        }
      },
      force: true,
      perCall,
    });
    const seconds = (performance.now() - started) / 1000;
    const serverCpuSeconds = (await cpuSecondsOf(serverPid)) - cpuBefore;
    if (summary.sent !== total || summary.remaining !== 0 || summary.rejected !== 0) {
      throw new Error(`drain ${tag} did not send everything: ${JSON.stringify(summary)}`);
    }
    return { seconds, requests, waitedSeconds: waited / 1000, serverCpuSeconds };
  } finally {
    db.close();
    await db.delete().catch(() => undefined);
  }
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
        // As deployed: answers written without the zod check that tests and development run (decision 0068).
        NODE_ENV: 'production',
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

    const session = { userId: me.id, token, validTo };
    const slow = Math.min(total, envInt('BENCH_SLOW_CHANGES', 50));
    // A running server has served drains before: one untimed drain first, so that the batched figure is not the only
    // one paying the just-started process's compilation (the per-call drain after it never did).
    await timedDrain(session, pool, envInt('BENCH_WARMUP_CHANGES', 250), baseUrl, false, 'warm-up', app.pid);
    const batched = await timedDrain(session, pool, total, baseUrl, false, 'batched', app.pid);
    const perCall = await timedDrain(session, pool, total, baseUrl, true, 'per-call', app.pid);
    const proxy = await startDelayProxy(baseUrl, 150);
    let far: Awaited<ReturnType<typeof timedDrain>>;
    let farPerCall: Awaited<ReturnType<typeof timedDrain>>;
    try {
      far = await timedDrain(session, pool, total, proxy.url, false, 'batched-300ms', app.pid);
      farPerCall = await timedDrain(session, pool, slow, proxy.url, true, 'per-call-300ms', app.pid);
    } finally {
      await proxy.close();
    }
    const { lists } = await queueChanges(db, pool, LISTS * 3, 'local');
    await drain({ db, transport: createFetchTransport({ baseUrl }), force: true });

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

    const localOk = percentile(local, 0.5) < 16;
    const drainOk = batched.seconds <= 1 && far.seconds <= 5;
    return {
      changes: total,
      'batched loopback s': round(batched.seconds, 2),
      'batched loopback requests': batched.requests,
      'batched loopback s waiting for the server': round(batched.waitedSeconds, 2),
      'batched loopback server CPU ms per change': round((batched.serverCpuSeconds * 1000) / total, 2),
      'per-call loopback s': round(perCall.seconds, 2),
      'per-call loopback requests': perCall.requests,
      'per-call loopback s waiting for the server': round(perCall.waitedSeconds, 2),
      'per-call loopback server CPU ms per change': round((perCall.serverCpuSeconds * 1000) / total, 2),
      'batched / per-call (loopback)': round(batched.seconds / perCall.seconds, 3),
      'batched 300ms RTT s': round(far.seconds, 2),
      'batched 300ms RTT requests': far.requests,
      [`per-call 300ms RTT s (${slow} changes)`]: round(farPerCall.seconds, 2),
      'per-call 300ms RTT s (scaled to all)': round((farPerCall.seconds * total) / slow, 1),
      'local changes': localChanges,
      'local change median ms': round(percentile(local, 0.5), 2),
      'local change p95 ms': round(percentile(local, 0.95), 2),
      target: 'batched drain ≤ 1 s loopback, ≤ 5 s at 300 ms RTT; local change < 16 ms median',
      verdict: drainOk && localOk ? 'PASS' : 'BELOW',
    };
  } finally {
    db.close();
    await db.delete().catch(() => undefined);
    await app?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
