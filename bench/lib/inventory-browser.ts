// The count screen in Chromium on a 5 000-item list (issue #17), the real server serving a client build:
// - first online visit: from opening /profil/inventering/{id}/rakna on a device that has never held the list until the
//   walk's "Räknat i hela listan" bar shows all its items (the list read, stored and rebased on the device);
// - reloaded offline (service worker, no network): until the heading shows, and until a count typed on the number pad
//   for the first row of the walk shows on the card (stored on the device first: the screen shows nothing earlier).
// The list is written straight into a fresh PGlite database before the server starts (5 000 POSTs would take minutes).
// Settings: BENCH_CLIENT_DIR (a client build to reuse; else one is built into .tmp/bench-inventory-client),
// BENCH_INVENTORY_BROWSER_RUNS (3), BENCH_INVENTORY_BROWSER_ITEMS (BENCH_INVENTORY_ITEMS or 5000),
// BENCH_INVENTORY_BASELINE_CLIENT_DIR (a build to measure side by side, e.g. main's).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { buildClient, freePort } from '../bundle-size.bench';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const COMPANY = '10001';
const LOGIN = { email: 'kund@skafferi.test', password: 'Kund123!' };
const ZONES = ['Kyl', 'Frys', 'Torrt', 'Dryck', 'Non food'];
const serverEnv = (dataDir: string) => ({
  ...process.env,
  DATA_DIR: dataDir,
  SEED_ON_EMPTY: 'true',
  SEED_PRODUCTS: '300',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
  // As deployed: answers written without the zod check that tests and development run (decision 0068). It cost the
  // 5 000-item list's read ~70 ms of the server's ~370 ms, which a phone never waits for in production. Only this
  // setting, not NODE_ENV=production, so that nothing else about the server changes between this bench's runs.
  CHECK_RESPONSES: 'false',
});

/** Seeds a fresh database and writes one list of `items` items of the demo company into it; returns the list id. */
export async function seed(dataDir: string, items: number): Promise<string> {
  const [{ buildApp }, { loadConfig }, { openDatabase }, schema] = await Promise.all([
    import('../../server/app'),
    import('../../server/config'),
    import('../../server/db/client'),
    import('../../server/db/schema'),
  ]);
  const config = loadConfig({ ...serverEnv(dataDir), PORT: '0', HOST: '127.0.0.1', SERVE_CLIENT: 'false' });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const app = await buildApp(config, { database });
  try {
    await app.ready();
    const login = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: LOGIN });
    const auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    await app.inject({
      method: 'PATCH',
      url: '/v1/customer/company',
      headers: auth,
      payload: { companyCode: COMPANY },
    });
    const created = await app.inject({
      method: 'POST',
      url: `/v1/company/${COMPANY}/inventory-list`,
      headers: auth,
      payload: { name: 'Bänk 5 000' },
    });
    const listId = created.json<{ id: string }>().id;
    const rows = Array.from({ length: items }, (_, i) => ({
      listId,
      articleNumber: `B${100000 + i}`,
      name: `Artikel ${String(i).padStart(5, '0')} ${['mjölk', 'smör', 'öl', 'ved', 'kaffe'][i % 5]}`,
      unit: 'piece' as const,
      price: 1000 + (i % 97) * 10,
      account: '1460',
      zone: ZONES[i % ZONES.length]!,
      quantity: '0',
      piecesPerCarton: 12,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await database.db.insert(schema.inventoryListItems).values(rows.slice(i, i + 500));
    // As the seed does (decision 0090): the list's version catches up with the rows written without a change.
    await (await import('../../server/db/seed/inventory')).catchUpListVersions(database.db);
    return listId;
  } finally {
    await app.close();
    await database.close();
  }
}

export async function startServer(dataDir: string, clientDir: string) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...serverEnv(dataDir), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, CLIENT_DIR: clientDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = once(child, 'exit');
  const limit = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server ended before it answered');
    if (Date.now() > limit) throw new Error('the server did not answer within 3 minutes');
    if (
      await fetch(`${origin}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      process.off('exit', killOnExit);
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

export async function login(page: Page, origin: string) {
  await page.goto(`${origin}/login`);
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'E-postadress' }).fill(LOGIN.email);
  await main.getByLabel('Lösenord', { exact: true }).fill(LOGIN.password);
  await main.getByRole('button', { name: 'Logga in' }).click();
  await page.waitForURL(/\/profil$/, { timeout: 60_000 });
}

/** Whether the service worker controls the page (needed to load the app offline). */
export async function controlled(page: Page): Promise<boolean> {
  for (let i = 0; i < 150; i++) {
    if (await page.evaluate(() => navigator.serviceWorker?.controller?.state === 'activated')) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** A phone as the benches' devices are: 390 px, touch, Swedish, Stockholm time. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  locale: 'sv-SE',
  timezoneId: 'Europe/Stockholm',
};

/** One device: a first visit online, then `reloads` offline reloads with a typed count each. */
async function oneDevice(browser: Browser, origin: string, listId: string, items: number, reloads: number) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const main = page.getByRole('main');
  const countUrl = `${origin}/profil/inventering/${listId}/rakna`;
  try {
    await login(page, origin);
    // Ready for offline before the visit: the service worker holds the app (but not the list).
    if (!(await controlled(page))) throw new Error('no service worker: the offline reload cannot be measured');
    const t0 = performance.now();
    await page.goto(countUrl);
    await main
      .getByTestId('list-progress')
      .getByRole('progressbar')
      .and(page.locator(`[aria-valuemax="${items}"]`))
      .waitFor({ timeout: 180_000 });
    const firstVisit = performance.now() - t0;

    await context.setOffline(true);
    const heading: number[] = [];
    const typed: number[] = [];
    for (let k = 0; k < reloads; k++) {
      const t1 = performance.now();
      await page.reload();
      await main.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
      heading.push(performance.now() - t1);
      await main.getByTestId('walk-item').first().getByRole('button').first().click({ timeout: 60_000 });
      await main.getByRole('button', { name: 'Skriv antal' }).click();
      const quantity = String(k + 2);
      for (const d of quantity) await main.getByRole('button', { name: d, exact: true }).click();
      await main.getByRole('button', { name: 'Spara antal' }).click();
      await main
        .getByTestId('last-quantity')
        .filter({ hasText: `${quantity} st` })
        .waitFor({ timeout: 60_000 });
      typed.push(performance.now() - t1);
    }
    return { firstVisit, heading, typed };
  } finally {
    await context.close();
  }
}

interface Side {
  label: string;
  clientDir: string;
  dataDir: string;
  listId: string;
  origin: string;
  stop: () => Promise<void>;
  firstVisit: number[];
  heading: number[];
  typed: number[];
}

async function startSide(label: string, clientDir: string, items: number): Promise<Side> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `skafferi-bench-count-${label}-`));
  const listId = await seed(dataDir, items);
  const server = await startServer(dataDir, path.resolve(clientDir));
  return { label, clientDir, dataDir, listId, ...server, firstVisit: [], heading: [], typed: [] };
}

function figures(side: Side, prefix: string) {
  const ms = (n: number) => Math.round(n);
  return {
    [`${prefix}first_visit_storing_list_median_ms`]: ms(median(side.firstVisit)),
    [`${prefix}first_visit_storing_list_runs_ms`]: side.firstVisit.map(ms).join(' '),
    [`${prefix}offline_reload_heading_median_ms`]: ms(median(side.heading)),
    [`${prefix}offline_reload_first_typed_count_shown_median_ms`]: ms(median(side.typed)),
    [`${prefix}offline_reload_first_typed_count_shown_runs_ms`]: side.typed.map(ms).join(' '),
  };
}

/**
 * BENCH_INVENTORY_BASELINE_CLIENT_DIR: a build of the client before a change (e.g. main's), measured in the same run,
 * device by device in turn with this build, each on a server and database of its own: figures side by side on a
 * machine whose load moves.
 */
export async function countScreenInBrowser(defaultItems: number) {
  const items = Number(process.env.BENCH_INVENTORY_BROWSER_ITEMS ?? defaultItems);
  const runs = Number(process.env.BENCH_INVENTORY_BROWSER_RUNS ?? 3);
  let clientDir = process.env.BENCH_CLIENT_DIR;
  if (!clientDir) {
    clientDir = path.join(root, '.tmp', 'bench-inventory-client');
    await buildClient(clientDir);
  }
  const baselineDir = process.env.BENCH_INVENTORY_BASELINE_CLIENT_DIR;
  const sides: Side[] = [];
  const browser = await chromium.launch({
    executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    if (baselineDir) sides.push(await startSide('baseline', baselineDir, items));
    sides.push(await startSide('current', clientDir, items));
    for (let run = 0; run < runs; run++) {
      for (const side of sides) {
        const device = await oneDevice(browser, side.origin, side.listId, items, 3);
        side.firstVisit.push(device.firstVisit);
        side.heading.push(...device.heading);
        side.typed.push(...device.typed);
      }
    }
    const current = sides[sides.length - 1]!;
    return {
      browser_items: items,
      browser_devices: runs,
      first_visit_target_ms: 3000,
      offline_reload_typed_count_target_ms: 500,
      ...(baselineDir ? { baseline_client: baselineDir, ...figures(sides[0]!, 'baseline_') } : {}),
      ...figures(current, ''),
    };
  } finally {
    await browser.close();
    for (const side of sides) {
      await side.stop();
      await rm(side.dataDir, { recursive: true, force: true });
    }
  }
}
