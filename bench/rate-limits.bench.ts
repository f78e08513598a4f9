// The cost of counting rate limits in the database (decision 0047) instead of in each process's memory.
//
// 1. A bare Fastify server with one limited route (bench/servers/limits-server.ts), side by side: hits counted by
//    @fastify/rate-limit's in-memory store (what every route did before) and by the database store (one upsert per
//    hit). The difference is the cost per limited request, without anything else the app does.
// 2. The real app's `POST /v1/auth/login` (right password), whose limit is now counted in the database: what that
//    cost weighs next to checking a password (argon2id).
// The database is a fresh PGlite in a temporary folder, or PostgreSQL when DATABASE_URL is set
// (scripts/with-postgres.sh npm run bench -- rate-limits). Settings: BENCH_CONNECTIONS (10), BENCH_DURATION (10),
// BENCH_WARMUP (3) seconds.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startServer, type ServerChild } from './lib/child';
import { assertHealthy, load, type LoadFigures } from './lib/load';
import type { Figures } from './lib/types';

const serversDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'servers');
const LOGIN = { email: 'kund@skafferi.test', password: 'Kund123!' };

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** POST load (bench/lib/load.ts only GETs): requests per second and the share of non-2xx answers. */
async function postLoad(url: string, body: object, connections: number, duration: number) {
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    requests: result.requests.total,
    bad: result.non2xx + result.errors,
  };
}

export default async function rateLimits(): Promise<Figures> {
  const connections = envInt('BENCH_CONNECTIONS', 10);
  const duration = envInt('BENCH_DURATION', 10);
  const warmup = envInt('BENCH_WARMUP', 3);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'skafferi-bench-limits-'));
  let server: ServerChild | undefined;
  const measured: Record<string, LoadFigures> = {};
  try {
    for (const store of ['memory', 'database'] as const) {
      server = await startServer(
        path.join(serversDir, 'limits-server.ts'),
        { ...process.env, BENCH_LIMIT_STORE: store, DATA_DIR: path.join(dataDir, 'limits') },
        { label: `limits-${store}` },
      );
      const url = `${server.url}/limited`;
      await load(url, { connections, duration: warmup });
      measured[store] = await load(url, { connections, duration });
      assertHealthy(store, measured[store]);
      await server.stop();
      server = undefined;
    }

    server = await startServer(
      path.join(serversDir, 'app-server.ts'),
      {
        ...process.env,
        DATA_DIR: path.join(dataDir, 'app'),
        SEED_ON_EMPTY: 'true',
        SEED_PRODUCTS: '200',
        SERVE_CLIENT: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
      },
      { label: 'app' },
    );
    const health = (await (await fetch(`${server.url}/health`)).json()) as { database?: { kind?: string } };
    const loginUrl = `${server.url}/v1/auth/login`;
    await postLoad(loginUrl, LOGIN, connections, warmup);
    const login = await postLoad(loginUrl, LOGIN, connections, duration);
    if (login.requests === 0 || login.bad > login.requests * 0.01)
      throw new Error(`login: ${login.bad} bad answers out of ${login.requests}`);

    const memory = measured.memory!;
    const database = measured.database!;
    // The time one request spends more with the database store, from the two means (ms per request per connection).
    const extraMs = (connections * 1000) / database.reqPerSec - (connections * 1000) / memory.reqPerSec;
    return {
      database: health.database?.kind ?? 'unknown',
      connections,
      'duration s': duration,
      'limited route, memory store req/s': round(memory.reqPerSec),
      'limited route, memory store p50 ms': memory.p50,
      'limited route, database store req/s': round(database.reqPerSec),
      'limited route, database store p50 ms': database.p50,
      'database store / memory store': round(database.reqPerSec / memory.reqPerSec, 3),
      'extra ms per limited request': round(extraMs, 3),
      'login req/s (database store)': round(login.reqPerSec, 1),
      'login p50 ms': login.p50,
      'limit share of a login': `${round((100 * extraMs) / ((connections * 1000) / login.reqPerSec), 2)} %`,
    };
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
