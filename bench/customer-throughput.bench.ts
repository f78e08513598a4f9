// API throughput of an authenticated `GET /v1/customer/` (token lookup in the database, user and roles,
// zod-serialised answer) as a ratio to a bare node:http server answering the same JSON body, both
// measured in this run with the same autocannon settings. Target: ratio ≥ 0.35.
//
// The real app runs in a child process on a fresh PGlite database (DATA_DIR in a temporary folder,
// SEED_PRODUCTS=200), or on PostgreSQL when DATABASE_URL is set (scripts/with-postgres.sh npm run bench).
// Settings: BENCH_CONNECTIONS (10), BENCH_DURATION seconds (10), BENCH_WARMUP seconds (3).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type ServerChild } from './lib/child';
import { assertHealthy, load, type LoadFigures } from './lib/load';
import type { Figures } from './lib/types';

const TARGET_RATIO = 0.35;
const LOGIN = { email: 'kund@skafferi.test', password: 'Kund123!' };
const serversDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'servers');

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LOGIN),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const { token } = (await response.json()) as { token?: unknown };
  if (typeof token !== 'string') throw new Error('login answered without a token');
  return token;
}

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

export default async function customerThroughput(): Promise<Figures> {
  const connections = envInt('BENCH_CONNECTIONS', 10);
  const duration = envInt('BENCH_DURATION', 10);
  const warmup = envInt('BENCH_WARMUP', 3);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'skafferi-bench-'));
  let app: ServerChild | undefined;
  let bare: ServerChild | undefined;
  try {
    // 1. The real app.
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
    const token = await login(app.url);
    const headers = { authorization: `Bearer ${token}` };
    const url = `${app.url}/v1/customer/`;
    const first = await fetch(url, { headers });
    const body = await first.text();
    if (first.status !== 200) throw new Error(`GET /v1/customer/ answered ${first.status}: ${body}`);
    const contentType = first.headers.get('content-type') ?? 'application/json; charset=utf-8';
    const health = (await (await fetch(`${app.url}/health`)).json()) as { database?: { kind?: string } };

    await load(url, { connections, duration: warmup, headers });
    const appLoad: LoadFigures = await load(url, { connections, duration, headers });
    assertHealthy('app', appLoad);
    await app.stop();
    app = undefined;

    // 2. The baseline: node:http with the same body and content type.
    bare = await startServer(
      path.join(serversDir, 'bare-server.ts'),
      { ...process.env, BENCH_BODY: body, BENCH_CONTENT_TYPE: contentType },
      { label: 'bare' },
    );
    const bareUrl = `${bare.url}/v1/customer/`;
    await load(bareUrl, { connections, duration: warmup, headers });
    const bareLoad: LoadFigures = await load(bareUrl, { connections, duration, headers });
    assertHealthy('bare', bareLoad);

    const ratio = appLoad.reqPerSec / bareLoad.reqPerSec;
    return {
      database: health.database?.kind ?? 'unknown',
      connections,
      'duration s': duration,
      'body bytes': Buffer.byteLength(body),
      'app req/s': round(appLoad.reqPerSec),
      'app p50 ms': appLoad.p50,
      'app p99 ms': appLoad.p99,
      'app requests': appLoad.requests,
      'bare req/s': round(bareLoad.reqPerSec),
      'bare p50 ms': bareLoad.p50,
      'bare p99 ms': bareLoad.p99,
      'bare requests': bareLoad.requests,
      ratio: round(ratio, 3),
      target: `ratio ≥ ${TARGET_RATIO}`,
      verdict: ratio >= TARGET_RATIO ? 'PASS' : 'BELOW',
    };
  } finally {
    await app?.stop();
    await bare?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
