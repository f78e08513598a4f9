// Database-bound reads (and one write) a signed-in user waits on, each as a ratio to a bare node:http server answering
// the same body, both measured in this run with the same autocannon settings (issue #17, decision 0068):
//   prices-48        GET /v1/products/prices for 48 product ids
//   purchase-list    GET /v1/purchase-lists/:id, the company's longest seeded list
//   order-history    GET /v1/company/10001/order-history, first page
//   list-item-add    POST /v1/purchase-lists/:id/items with an Idempotency-Key and the item's id, as the phone's outbox
//                    sends it; every request a new article (rotating over 40 fresh lists and 1 000 products)
// Targets: ≥ 0.1× bare on PostgreSQL and ≥ 0.05× on PGlite for the three reads, ≥ 0.05× on PostgreSQL for the add;
// p99 under 50 ms.
//
// On PostgreSQL on this machine, also the CPU its backends spent per request (`database cpu ms/req`).
//
// Also the server's memory: RSS of the child right after a start on a filled database (SEED_PRODUCTS, default 2 000;
// the first start seeds it and is stopped), and after the load.
//
// The app runs in a child process on a fresh PGlite database, or on PostgreSQL when DATABASE_URL is set
// (scripts/with-postgres.sh npm run bench -- reads). Settings: BENCH_CONNECTIONS (10), BENCH_DURATION seconds (10),
// BENCH_WARMUP seconds (3), BENCH_CALLS (comma-separated names; all by default).
import { randomUUID } from 'node:crypto';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import { startServer, type ServerChild } from './lib/child';
import { assertHealthy, load, type LoadFigures } from './lib/load';
import { postgresCpu, type PostgresCpu } from './lib/postgres-cpu';
import type { Figures } from './lib/types';

const COMPANY = '10001';
const LOGIN = { email: 'kund@skafferi.test', password: 'Kund123!' };
const ADD_LISTS = 40;
const serversDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'servers');

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Resident memory of a process in MB (Linux). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return round(kb / 1024);
}

/** CPU time the process has used so far, in ms (Linux; user + system): per request, the figure least moved by other
 * load on a shared machine, where req/s and the percentiles are. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function call(url: string, init: RequestInit = {}): Promise<{ status: number; text: string; type: string }> {
  const response = await fetch(url, init);
  return {
    status: response.status,
    text: await response.text(),
    type: response.headers.get('content-type') ?? 'application/json; charset=utf-8',
  };
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const { status, text } = await call(url, init);
  if (status < 200 || status > 299) throw new Error(`${init.method ?? 'GET'} ${url} answered ${status}: ${text}`);
  return JSON.parse(text) as T;
}

type Target = {
  name: string;
  path: string;
  /** The ratio to bare this call should reach on this database. */
  target: number | null;
  requests?: autocannon.Request[];
  /** A first answer of the call, the body the bare server repeats. */
  sample: () => Promise<{ status: number; text: string; type: string }>;
};

export default async function reads(): Promise<Figures> {
  const connections = envInt('BENCH_CONNECTIONS', 10);
  const duration = envInt('BENCH_DURATION', 10);
  const warmup = envInt('BENCH_WARMUP', 3);
  const products = process.env.SEED_PRODUCTS ?? '2000';
  const wanted = process.env.BENCH_CALLS?.split(',').filter(Boolean);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'skafferi-bench-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    SEED_ON_EMPTY: 'true',
    SEED_PRODUCTS: products,
    SERVE_CLIENT: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
    // As deployed: answers written without the zod check that tests and development run (decision 0068).
    NODE_ENV: 'production',
  };
  const figures: Figures = {};
  let app: ServerChild | undefined;
  let bare: ServerChild | undefined;
  let databaseCpu: PostgresCpu | undefined;
  try {
    // The first start fills the database; memory is measured on a second start, as a server restarts in production.
    app = await startServer(path.join(serversDir, 'app-server.ts'), env, { label: 'app' });
    await app.stop();
    app = await startServer(path.join(serversDir, 'app-server.ts'), env, { label: 'app' });
    const rssAtStart = await rssMb(app.pid);
    const health = await json<{ database?: { kind?: string } }>(`${app.url}/health`);
    const database = health.database?.kind ?? 'unknown';
    const postgres = database === 'postgres';
    // On PostgreSQL on this machine, its backends' CPU per request too (on PGlite it is in the app's own figure).
    if (postgres && process.env.DATABASE_URL) databaseCpu = await postgresCpu(process.env.DATABASE_URL);

    const { token } = await json<{ token: string }>(`${app.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(LOGIN),
    });
    const auth = { authorization: `Bearer ${token}` };
    const sending = { ...auth, 'content-type': 'application/json' };

    // 1 000 product ids through the public search (50 a page).
    const { key } = await json<{ key: string }>(`${app.url}/v1/typesense/key`);
    const ids: string[] = [];
    for (let page = 1; page <= 20; page++) {
      const found = await json<{ hits: { document: { id: string } }[] }>(
        `${app.url}/v1/search/collections/products/documents/search?q=*&per_page=50&page=${page}`,
        { headers: { 'x-typesense-api-key': key } },
      );
      ids.push(...found.hits.map((h) => h.document.id));
    }
    const lists = await json<{ data: { id: string; itemCount: number }[] }>(
      `${app.url}/v1/purchase-lists?company=${COMPANY}`,
      { headers: auth },
    );
    const longest = [...lists.data].sort((a, b) => b.itemCount - a.itemCount)[0];
    if (!longest) throw new Error(`company ${COMPANY} has no purchase list`);
    const addLists: string[] = [];
    for (let i = 0; i < ADD_LISTS; i++) {
      const created = await json<{ id: string }>(`${app.url}/v1/purchase-lists`, {
        method: 'POST',
        headers: sending,
        body: JSON.stringify({ companyCode: COMPANY, name: `Bänk ${i + 1}` }),
      });
      addLists.push(created.id);
    }
    // Request n adds product ⌊n / lists⌋ to list n mod lists: a new article every time.
    let n = 0;
    const nextAdd = () => {
      const list = addLists[n % ADD_LISTS]!;
      const productId = ids[Math.floor(n / ADD_LISTS) % ids.length]!;
      n++;
      return {
        path: `/v1/purchase-lists/${list}/items`,
        // The item's own id, as the phone gives every item it adds (src/offline/purchase-lists/operations.ts).
        body: JSON.stringify({ id: randomUUID(), productId, quantity: 2 }),
        headers: { ...sending, 'idempotency-key': `bench-${randomUUID()}` },
      };
    };

    const pricesPath = `/v1/products/prices?company=${COMPANY}&ids=${ids.slice(0, 48).join(',')}`;
    const get = (p: string) => () => call(`${app!.url}${p}`, { headers: auth });
    const all: Target[] = [
      { name: 'prices-48', path: pricesPath, target: postgres ? 0.1 : 0.05, sample: get(pricesPath) },
      {
        name: 'purchase-list',
        path: `/v1/purchase-lists/${longest.id}`,
        target: postgres ? 0.1 : 0.05,
        sample: get(`/v1/purchase-lists/${longest.id}`),
      },
      {
        name: 'order-history',
        path: `/v1/company/${COMPANY}/order-history`,
        target: postgres ? 0.1 : 0.05,
        sample: get(`/v1/company/${COMPANY}/order-history`),
      },
      {
        name: 'list-item-add',
        path: '/',
        target: postgres ? 0.05 : null,
        requests: [{ method: 'POST', setupRequest: (request: autocannon.Request) => ({ ...request, ...nextAdd() }) }],
        sample: () => {
          const { path: p, ...init } = nextAdd();
          return call(`${app!.url}${p}`, { method: 'POST', ...init });
        },
      },
    ];
    const targets = all.filter((t) => !wanted || wanted.includes(t.name));

    const measured: {
      target: Target;
      body: string;
      type: string;
      app: LoadFigures;
      cpu: number;
      databaseCpu?: number;
    }[] = [];
    for (const target of targets) {
      const first = await target.sample();
      if (first.status < 200 || first.status > 299)
        throw new Error(`${target.name} answered ${first.status}: ${first.text}`);
      const url = `${app.url}${target.path}`;
      const options = { connections, headers: auth, ...(target.requests ? { requests: target.requests } : {}) };
      await load(url, { ...options, duration: warmup });
      const cpuBefore = await cpuMs(app.pid);
      const databaseBefore = await databaseCpu?.sample();
      const figures = await load(url, { ...options, duration });
      const cpu = (await cpuMs(app.pid)) - cpuBefore;
      const databaseAfter = await databaseCpu?.sample();
      assertHealthy(`app ${target.name}`, figures);
      measured.push({
        target,
        body: first.text,
        type: first.type,
        app: figures,
        cpu: cpu / figures.requests,
        ...(databaseCpu && databaseBefore && databaseAfter
          ? { databaseCpu: databaseCpu.between(databaseBefore, databaseAfter) / figures.requests }
          : {}),
      });
    }
    const rssAfterLoad = await rssMb(app.pid);
    await app.stop();
    app = undefined;

    Object.assign(figures, {
      database,
      products: Number(products),
      connections,
      'duration s': duration,
      'rss at start MB': rssAtStart,
      'rss after load MB': rssAfterLoad,
    });
    for (const { target, body, type, app: appLoad, cpu, databaseCpu: dbCpu } of measured) {
      bare = await startServer(
        path.join(serversDir, 'bare-server.ts'),
        { ...process.env, BENCH_BODY: body, BENCH_CONTENT_TYPE: type },
        { label: 'bare' },
      );
      const url = `${bare.url}${target.path}`;
      await load(url, { connections, duration: warmup, headers: auth });
      const bareLoad = await load(url, { connections, duration, headers: auth });
      assertHealthy(`bare ${target.name}`, bareLoad);
      await bare.stop();
      bare = undefined;
      const ratio = appLoad.reqPerSec / bareLoad.reqPerSec;
      const name = target.name;
      Object.assign(figures, {
        [`${name} body bytes`]: Buffer.byteLength(body),
        [`${name} app req/s`]: round(appLoad.reqPerSec),
        [`${name} app p50 ms`]: appLoad.p50,
        [`${name} app p99 ms`]: appLoad.p99,
        [`${name} app cpu ms/req`]: round(cpu, 2),
        ...(dbCpu === undefined ? {} : { [`${name} database cpu ms/req`]: round(dbCpu, 2) }),
        [`${name} bare req/s`]: round(bareLoad.reqPerSec),
        [`${name} ratio`]: round(ratio, 3),
        [`${name} verdict`]:
          target.target === null
            ? `no target (p99 ${appLoad.p99 < 50 ? '<' : '≥'} 50 ms)`
            : `${ratio >= target.target && appLoad.p99 < 50 ? 'PASS' : 'BELOW'} (≥ ${target.target}×, p99 < 50 ms)`,
      });
    }
    return figures;
  } finally {
    await databaseCpu?.close();
    await app?.stop();
    await bare?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
