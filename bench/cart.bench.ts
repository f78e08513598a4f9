// API throughput of `GET /v1/company/10001/cart` with a 200-line cart (company access, cart lines joined with
// their products and replacements, the company's prices of the day, the delivery calendar, totals with VAT per
// rate) as a ratio to a bare node:http server answering the same body, both measured in this run with the same
// autocannon settings. Target: ratio ≥ 0.3.
//
// Both ways are measured (docs/decisions/0039): `ratio` with the per-process answer cache, whose every GET still
// checks access and the cart's version in one small query (so a change through any instance is seen at once), and
// `uncached ratio` with the app started again with AUTH_CACHE_SECONDS=0 (no answer cache — and no session cache,
// so each request also looks its session up). `uncached GET/PATCH p50 ms` are single requests, one at a time:
// what every cart change costs (a PATCH answers the whole cart computed afresh, inside its transaction).
//
// The database (PGlite in a temporary DATA_DIR, SEED_PRODUCTS=400) is seeded by this process first, so that 200
// product ids can be read; then the real app runs in a child process on it and the cart is filled through the API.
// PGlite only (DATABASE_URL is ignored here). Settings: BENCH_CONNECTIONS (10), BENCH_DURATION s (10), BENCH_WARMUP s (3).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { products } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { startServer, type ServerChild } from './lib/child';
import { assertHealthy, load, type LoadFigures } from './lib/load';
import type { Figures } from './lib/types';

const TARGET_RATIO = 0.3;
const LINES = 200;
const LOGIN = { email: 'kund@skafferi.test', password: 'Kund123!' };

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The baseline server, reading its body from a file (a 200-line cart is too big for an environment variable). */
const BARE_SERVER = `
import http from 'node:http';
import { readFileSync } from 'node:fs';
const body = readFileSync(process.env.BENCH_BODY_FILE);
const server = http.createServer((_q, r) => {
  r.writeHead(200, { 'content-type': process.env.BENCH_CONTENT_TYPE, 'content-length': body.length });
  r.end(body);
});
server.listen(0, '127.0.0.1', () => console.log('BENCH_LISTENING ' + server.address().port));
const stop = () => { server.close(() => process.exit(0)); server.closeAllConnections(); };
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
`;

export default async function cartThroughput(): Promise<Figures> {
  const connections = envInt('BENCH_CONNECTIONS', 10);
  const duration = envInt('BENCH_DURATION', 10);
  const warmup = envInt('BENCH_WARMUP', 3);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'skafferi-bench-cart-'));
  let app: ServerChild | undefined;
  let bare: ServerChild | undefined;
  try {
    // 1. Seed, and pick 200 products that can be ordered.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await seed(database.db, { products: 400 });
    const ids = (
      await database.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.discontinued, false), isNull(products.expiresAt)))
        .orderBy(products.sku)
        .limit(LINES)
    ).map((p) => p.id);
    await database.close();
    if (ids.length < LINES) throw new Error(`only ${ids.length} products to put in the cart`);

    // 2. The real app on that database; the cart filled through the API.
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const startApp = (extra: Record<string, string> = {}) =>
      startServer(
        path.join(import.meta.dirname, 'servers', 'app-server.ts'),
        {
          ...env,
          DATA_DIR: dataDir,
          SEED_ON_EMPTY: 'false',
          SERVE_CLIENT: 'false',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
          ...extra,
        },
        { label: 'app' },
      );
    app = await startApp();
    const login = await fetch(`${app.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(LOGIN),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const cartPath = '/v1/company/10001/cart';
    let url = `${app.url}${cartPath}`;
    const filled = await fetch(`${url}/products`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ items: ids.map((productId, i) => ({ productId, quantity: (i % 5) + 1 })) }),
    });
    if (filled.status !== 200) throw new Error(`PUT …/cart/products answered ${filled.status}: ${await filled.text()}`);
    const first = await fetch(url, { headers });
    const body = await first.text();
    if (first.status !== 200) throw new Error(`GET …/cart answered ${first.status}: ${body}`);
    const lines = (JSON.parse(body) as { items: unknown[] }).items.length;
    if (lines !== LINES) throw new Error(`the cart has ${lines} lines, not ${LINES}`);
    const contentType = first.headers.get('content-type') ?? 'application/json; charset=utf-8';

    // An answer computed afresh (no cache): each PATCH of a line answers the whole 200-line cart.
    const itemId = (JSON.parse(body) as { items: { itemId: string }[] }).items[0]!.itemId;
    const fresh: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      const res = await fetch(`${url}/item/${itemId}`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ quantity: (i % 3) + 1 }),
      });
      await res.arrayBuffer();
      fresh.push(performance.now() - t);
    }
    fresh.sort((a, b) => a - b);

    await load(url, { connections, duration: warmup, headers });
    const appLoad: LoadFigures = await load(url, { connections, duration, headers });
    assertHealthy('app', appLoad);
    await app.stop();

    // The same without any cache: every GET computes the answer afresh.
    app = await startApp({ AUTH_CACHE_SECONDS: '0' });
    url = `${app.url}${cartPath}`;
    const fetched: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      fetched.push(performance.now() - t);
    }
    fetched.sort((a, b) => a - b);
    await load(url, { connections, duration: warmup, headers });
    const uncachedLoad: LoadFigures = await load(url, { connections, duration, headers });
    assertHealthy('app (uncached)', uncachedLoad);
    await app.stop();
    app = undefined;

    // 3. The baseline: node:http with the same body and content type.
    const bodyFile = path.join(dataDir, 'cart.json');
    const script = path.join(dataDir, 'bare-server.mjs');
    await writeFile(bodyFile, body);
    await writeFile(script, BARE_SERVER);
    bare = await startServer(
      script,
      { ...process.env, BENCH_BODY_FILE: bodyFile, BENCH_CONTENT_TYPE: contentType },
      { label: 'bare' },
    );
    const bareUrl = `${bare.url}${cartPath}`;
    await load(bareUrl, { connections, duration: warmup, headers });
    const bareLoad: LoadFigures = await load(bareUrl, { connections, duration, headers });
    assertHealthy('bare', bareLoad);

    const ratio = appLoad.reqPerSec / bareLoad.reqPerSec;
    return {
      database: 'pglite',
      lines: LINES,
      connections,
      'duration s': duration,
      'body bytes': Buffer.byteLength(body),
      'app req/s': round(appLoad.reqPerSec),
      'app p50 ms': appLoad.p50,
      'app p99 ms': appLoad.p99,
      'app requests': appLoad.requests,
      'uncached app req/s': round(uncachedLoad.reqPerSec),
      'uncached app p50 ms': uncachedLoad.p50,
      'uncached GET p50 ms': round(fetched[10]!, 1),
      'uncached PATCH p50 ms': round(fresh[10]!, 1),
      'bare req/s': round(bareLoad.reqPerSec),
      'bare p50 ms': bareLoad.p50,
      'bare p99 ms': bareLoad.p99,
      ratio: round(ratio, 3),
      'uncached ratio': round(uncachedLoad.reqPerSec / bareLoad.reqPerSec, 3),
      target: `ratio ≥ ${TARGET_RATIO}`,
      verdict: ratio >= TARGET_RATIO ? 'PASS' : 'BELOW',
    };
  } finally {
    await app?.stop();
    await bare?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
