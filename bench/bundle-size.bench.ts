// JavaScript a visitor downloads before they can use a page (issue #3's performance budget), gzip, per route:
// the start page, search, a product page, Mina sidor, the purchase lists and stocktaking. Targets (issue #17): start
// page ≤ 130 KB, `/profil/inventering` ≤ 200 KB; each route's figure is printed beside its budget.
//
// 1. The client is built with a Vite manifest into .tmp/bench-bundle (or BENCH_CLIENT_DIR: an existing build is used
//    as it is). The entry's share — index.html's script and module preloads with their static imports — is read from
//    the files.
// 2. The real server serves that build (fresh PGlite database, SEED_PRODUCTS=300). Each route is opened in a fresh
//    Chromium context (/usr/bin/chromium; phone viewport; service worker blocked, so its precache is not counted) and
//    every script the page fetches until the network is idle is counted, gzip-compressed from the build's files
//    (level 9, as a CDN would). Blocks that load on scroll are not counted: that is after the first load.
// 3. "Before the user interacts" (issue #3): the app marks `skafferi:idle` in the Performance timeline when its
//    deferred start-up work begins (src/lib/when-idle.ts: first route rendered, window loaded, main thread idle; the
//    offline engine and the service worker start then). Scripts whose fetch started before the mark are the route's
//    first load (`<route>KbGzip`, the budgeted figure); `<route>AfterIdleKbGzip` is what the deferred work fetched
//    until the network was idle, and `<route>TotalKbGzip` both.
//
// Settings: BENCH_CLIENT_DIR (build to measure, skips the build), BENCH_ROUTE_TIMEOUT_MS (30000), BENCH_LIST_FILES=1
// (print each route's scripts).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import type { Figures } from './lib/types';

/** Budgets, KB gzip before idle (issue #17); a route without one is reported only. */
const BUDGET_KB: Record<string, number> = { start: 130, inventory: 200 };
/** The app's Performance mark when its deferred start-up work begins (src/lib/when-idle.ts). */
const IDLE_MARK = 'skafferi:idle';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOGIN = { email: 'kund@skafferi.test', password: 'Kund123!' };
/** Lighthouse's mobile screen (Moto G Power): what "the first load" shows. */
const VIEWPORT = { width: 412, height: 823 };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function buildClient(outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
}

/** gzip size (level 9) of a file of the build, memoised. */
function gzipSizer(clientDir: string) {
  const sizes = new Map<string, number>();
  return async (file: string): Promise<number> => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(await readFile(path.join(clientDir, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
}

/** The entry: index.html's module script and preloads, and everything they import statically. */
async function entryFiles(clientDir: string): Promise<string[]> {
  const html = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  const found = new Set<string>();
  const queue = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map(
    (m) => m[1]!,
  );
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (found.has(file)) continue;
    found.add(file);
    const code = await readFile(path.join(clientDir, file), 'utf8');
    // Static imports only (`import … from "./x.js"` and bare `import "./x.js"`), not `import("./x.js")`.
    for (const m of code.matchAll(
      /(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+\.js)["']/g,
    )) {
      queue.push(path.posix.join(path.posix.dirname(file), m[1]!));
    }
  }
  return [...found];
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

export interface ClientServer {
  origin: string;
  stop(): Promise<void>;
}

/**
 * The real server (server/main.ts) serving a client build, on a port chosen here so that PUBLIC_URL — which the
 * content config hands the browser as the CDN endpoint — is the page's own origin. Fresh PGlite database.
 */
export async function startClientServer(
  clientDir: string,
  label: string,
  /** The origin the browser is given as the content CDN endpoint when it is not the server's own (a proxy). */
  publicUrl?: string,
): Promise<ClientServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `skafferi-bench-${label}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl ?? origin,
      DATA_DIR: dataDir,
      CLIENT_DIR: clientDir,
      SERVE_CLIENT: 'true',
      SEED_ON_EMPTY: 'true',
      SEED_PRODUCTS: '300',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    process.removeListener('exit', killOnExit);
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/health`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${label}: the server did not answer /health within 180 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function login(baseUrl: string): Promise<{ token: string; validTo: string }> {
  const response = await fetch(`${baseUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LOGIN),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  return (await response.json()) as { token: string; validTo: string };
}

async function productPath(baseUrl: string): Promise<string> {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const match = /<loc>[^<]*?(\/produkt\/[^<]+)<\/loc>/.exec(xml);
  if (!match) throw new Error('no /produkt/ URL in the sitemap');
  return match[1]!;
}

interface RouteLoad {
  files: string[];
  gzipBytes: number;
  /** Scripts fetched after the app's idle mark (deferred start-up work), and their gzip bytes. */
  afterIdleFiles: string[];
  afterIdleGzipBytes: number;
  /** False when the route showed the error screen (its figure is then not the page's). */
  ok: boolean;
}

async function measureRoute(
  browser: Browser,
  url: string,
  origin: string,
  gzipOf: (file: string) => Promise<number>,
  session: { token: string; validTo: string } | null,
): Promise<RouteLoad> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block', locale: 'sv-SE' });
  if (session) {
    const host = new URL(origin).hostname;
    await context.addCookies([
      { name: 'token', value: session.token, domain: host, path: '/' },
      { name: 'timestamp', value: session.validTo, domain: host, path: '/' },
    ]);
  }
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const requestUrl = new URL(request.url());
    if (request.resourceType() === 'script' && requestUrl.origin === origin) scripts.add(requestUrl.pathname.slice(1));
  });
  const timeout = Number(process.env.BENCH_ROUTE_TIMEOUT_MS ?? 30_000);
  await page.goto(url, { waitUntil: 'networkidle', timeout });
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout });
  await page.waitForLoadState('networkidle', { timeout });
  const heading = await page.getByRole('heading', { level: 1 }).first().innerText();
  const ok = !/Oopsie/.test(heading);
  // When each script's fetch started, against the app's idle mark (same clock: the page's Performance timeline).
  await page
    .waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, IDLE_MARK, { timeout })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout });
  const timing = await page.evaluate((mark) => {
    const idleAt = performance.getEntriesByName(mark)[0]?.startTime ?? null;
    const started = performance
      .getEntriesByType('resource')
      .map((entry) => [new URL(entry.name).pathname.slice(1), entry.startTime] as const);
    return { idleAt, started };
  }, IDLE_MARK);
  await context.close();
  const startedAt = new Map(timing.started);
  const all = [...scripts].filter((f) => f.endsWith('.js')).sort();
  // A script without a timing entry counts as first load (the conservative side).
  const afterIdle = (file: string) => timing.idleAt !== null && (startedAt.get(file) ?? -Infinity) >= timing.idleAt;
  const files = all.filter((f) => !afterIdle(f));
  const afterIdleFiles = all.filter(afterIdle);
  let gzipBytes = 0;
  for (const file of files) gzipBytes += await gzipOf(file);
  let afterIdleGzipBytes = 0;
  for (const file of afterIdleFiles) afterIdleGzipBytes += await gzipOf(file);
  return { files, gzipBytes, afterIdleFiles, afterIdleGzipBytes, ok };
}

export default async function bundleSize(): Promise<Figures> {
  const given = process.env.BENCH_CLIENT_DIR;
  const clientDir = given ? path.resolve(given) : path.join(root, '.tmp', 'bench-bundle');
  if (!given) await buildClient(clientDir);
  const gzipOf = gzipSizer(clientDir);

  const entry = await entryFiles(clientDir);
  let entryBytes = 0;
  for (const file of entry) entryBytes += await gzipOf(file);

  let server: ClientServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startClientServer(clientDir, 'bundle');
    const origin = server.origin;
    const session = await login(origin);
    const product = await productPath(origin);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

    const routes: [string, string, boolean][] = [
      ['start', '/', false],
      ['search', '/sok?q=kaffe', false],
      ['product', product, false],
      ['profile', '/profil', true],
      ['purchaseLists', '/profil/inkopslistor', true],
      ['inventory', '/profil/inventering', true],
    ];
    const figures: Figures = { entryKbGzip: kb(entryBytes), entryFiles: entry.length };
    for (const [name, route, auth] of routes) {
      const load = await measureRoute(browser, origin + route, origin, gzipOf, auth ? session : null);
      figures[`${name}KbGzip`] = kb(load.gzipBytes);
      figures[`${name}Files`] = load.files.length;
      figures[`${name}AfterIdleKbGzip`] = kb(load.afterIdleGzipBytes);
      figures[`${name}TotalKbGzip`] = kb(load.gzipBytes + load.afterIdleGzipBytes);
      if (process.env.BENCH_LIST_FILES) {
        console.log(`  ${name}: ${load.files.join(' ')}\n  ${name} after idle: ${load.afterIdleFiles.join(' ')}`);
      }
      if (!load.ok) figures[`${name}Note`] = 'showed the error screen';
      const budget = BUDGET_KB[name];
      if (budget !== undefined) {
        figures[`${name}BudgetKb`] = budget;
        figures[`${name}WithinBudget`] = load.ok && kb(load.gzipBytes) <= budget;
      }
    }
    // The machine's load while the routes were measured (timings of the idle mark depend on it; the bytes barely do).
    figures.loadAvg1m = Math.round(os.loadavg()[0]! * 100) / 100;
    return figures;
  } finally {
    await browser?.close();
    await server?.stop();
  }
}
