// The live list (issue #15, decision 0060): "another phone's count shown: p95 ≤ 2 s from the server's answer, with
// 3 phones and 2 server instances". Three phones hold the list's event stream (Node fetch streams, as the app reads
// it): two on instance A, one on B. Counts are posted one after another by the phones in turn, alternately to A and
// to B; for each count the time from the POST's answer to the event's arrival at each of the two other phones is
// measured (an event that arrives before the answer counts as 0). The phone then reads the list (one GET), which is
// not included: that is the refresh the app does anyway.
// On PostgreSQL (DATABASE_URL, e.g. scripts/with-postgres.sh npm run bench -- inventory-live) A and B are two server
// processes that hear each other through LISTEN/NOTIFY. Without it the fallback is PGlite, which one process owns:
// A and B are two app instances in this process on one embedded database (the bus is then in-process).
// Settings: BENCH_LIVE_COUNTS (200).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { startServer, type ServerChild } from './lib/child';
import type { Figures } from './lib/types';

const serversDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'servers');
const COMPANY = '10001';
const LOGIN = { email: 'kund@skafferi.test', password: 'Kund123!' };

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

type Instances = { a: string; b: string; note: string; stop(): Promise<void> };

const serverEnv = (dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: dataDir,
  SEED_ON_EMPTY: 'true',
  SEED_PRODUCTS: '200',
  SERVE_CLIENT: 'false',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
});

/** Two server processes on PostgreSQL, or two app instances in this process on one PGlite. */
async function startInstances(dataDir: string): Promise<Instances> {
  if (process.env.DATABASE_URL) {
    const children: ServerChild[] = [];
    try {
      for (const label of ['A', 'B'])
        children.push(await startServer(path.join(serversDir, 'app-server.ts'), serverEnv(dataDir), { label }));
    } catch (error) {
      await Promise.all(children.map((c) => c.stop()));
      throw error;
    }
    return {
      a: children[0]!.url,
      b: children[1]!.url,
      note: 'PostgreSQL, two server processes (LISTEN/NOTIFY)',
      stop: async () => void (await Promise.all(children.map((c) => c.stop()))),
    };
  }
  const [{ buildApp }, { loadConfig }, { openDatabase }] = await Promise.all([
    import('../server/app'),
    import('../server/config'),
    import('../server/db/client'),
  ]);
  const config = loadConfig({ ...serverEnv(dataDir), PORT: '0', HOST: '127.0.0.1' });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const apps = [await buildApp(config, { database }), await buildApp({ ...config, seedOnEmpty: false }, { database })];
  const urls: string[] = [];
  for (const app of apps) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  }
  return {
    a: urls[0]!,
    b: urls[1]!,
    note: 'PGlite fallback (no DATABASE_URL): two app instances in one process on one embedded database',
    stop: async () => {
      for (const app of apps) await app.close();
      await database.close();
    },
  };
}

type Phone = { origin: string; token: string; arrivals: number[]; close: () => void };

/** A phone's stream: the time each `changed` event arrived. */
async function openPhone(origin: string, token: string, listId: string): Promise<Phone> {
  const controller = new AbortController();
  const res = await fetch(`${origin}/v1/company/${COMPANY}/inventory-list/${listId}/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (!res.ok || !res.body) throw new Error(`events on ${origin}: ${res.status}`);
  const arrivals: number[] = [];
  let ready = () => {};
  const opened = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith('event: ready')) ready();
          if (block.startsWith('event: changed')) arrivals.push(at);
        }
      }
    } catch {
      // Closed at the end.
    }
  })();
  await opened;
  return { origin, token, arrivals, close: () => controller.abort() };
}

async function until(condition: () => boolean, what: string) {
  const limit = performance.now() + 30_000;
  while (!condition()) {
    if (performance.now() > limit) throw new Error(`no event within 30 s: ${what}`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

export default async function inventoryLive(): Promise<Figures> {
  const counts = envInt('BENCH_LIVE_COUNTS', 200);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'skafferi-bench-live-'));
  let instances: Instances | undefined;
  const phones: Phone[] = [];
  try {
    instances = await startInstances(dataDir);
    const { a, b } = instances;
    const login = () =>
      json<{ token: string }>(`${a}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(LOGIN),
      });
    const tokens = [(await login()).token, (await login()).token, (await login()).token];
    const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    const list = await json<{ id: string }>(`${a}/v1/company/${COMPANY}/inventory-list`, {
      method: 'POST',
      headers: auth(tokens[0]!),
      body: JSON.stringify({ name: 'Bänk live' }),
    });
    const index = await json<{ articles: { id: string; kind: string }[] }>(`${a}/v1/company/${COMPANY}/article-index`, {
      headers: auth(tokens[0]!),
    });
    const item = await json<{ id: string; unit: string }>(`${a}/v1/company/${COMPANY}/inventory-list/${list.id}/item`, {
      method: 'POST',
      headers: auth(tokens[0]!),
      body: JSON.stringify({ productId: index.articles.find((x) => x.kind === 'product')!.id }),
    });
    // Two phones on A, one on B.
    for (const [i, origin] of [a, b, a].entries()) phones.push(await openPhone(origin, tokens[i]!, list.id));

    const latencies: number[] = [];
    const crossInstance: number[] = [];
    const answers: number[] = [];
    for (let i = 0; i < counts; i++) {
      const poster = phones[i % 3]!;
      const target = i % 2 === 0 ? a : b;
      const others = phones.filter((p) => p !== poster);
      const expected = others.map((p) => p.arrivals.length + 1);
      const sent = performance.now();
      await json(`${target}/v1/company/${COMPANY}/inventory-list/${list.id}/item/${item.id}/count`, {
        method: 'POST',
        headers: auth(poster.token),
        body: JSON.stringify({
          id: randomUUID(),
          kind: 'delta',
          amount: 1,
          unit: item.unit,
          deviceId: `bänk-${i % 3}`,
          countedAt: new Date().toISOString(),
        }),
      });
      const answered = performance.now();
      answers.push(answered - sent);
      await until(() => others.every((p, k) => p.arrivals.length >= expected[k]!), `count ${i + 1}`);
      others.forEach((p, k) => {
        const ms = Math.max(0, p.arrivals[expected[k]! - 1]! - answered);
        latencies.push(ms);
        if (p.origin !== target) crossInstance.push(ms);
      });
    }
    return {
      database: instances.note,
      phones: 3,
      counts,
      'count answer p50 ms': round(percentile(answers, 0.5)),
      'shown elsewhere p50 ms (from the answer)': round(percentile(latencies, 0.5)),
      'shown elsewhere p95 ms (target ≤ 2000)': round(percentile(latencies, 0.95)),
      'shown elsewhere max ms': round(Math.max(...latencies)),
      'other instance p95 ms': round(percentile(crossInstance, 0.95)),
    };
  } finally {
    for (const phone of phones) phone.close();
    await instances?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
