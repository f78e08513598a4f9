// Another phone's count on the count screen of a 5 000-item list (issue #17, decision 0090), in Chromium at 390 px
// against the real server serving a client build: a phone has the list open online (stored on the device, the live
// view connected); another phone counts the first article of its walk, straight to the API; measured from the count's
// answer until this phone's screen shows the new quantity on that article's row, and what the phone read for it (list
// reads and their bytes on the wire). Side by side with a baseline build in the same run, each on a server and
// database of its own (the server is this checkout's in both: the baseline build reads the whole list).
// Settings: BENCH_CLIENT_DIR (a client build to reuse; else one is built into .tmp/bench-inventory-client),
// BENCH_COUNT_NEWS_BASELINE_CLIENT_DIR (a build to measure side by side, e.g. main's), BENCH_COUNT_NEWS_ITEMS (5000),
// BENCH_COUNT_NEWS_DEVICES (3), BENCH_COUNT_NEWS_COUNTS (5 per device).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { buildClient } from './bundle-size.bench';
import { PHONE, controlled, login, seed, startServer } from './lib/inventory-browser';
import type { Figures } from './lib/types';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COMPANY = '10001';
const LOGIN = { email: 'kund@skafferi.test', password: 'Kund123!' };

const envInt = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The other phone: its own session, counting the article named `name` by typed numbers. */
async function otherPhone(origin: string, listId: string, name: string) {
  const { token } = await json<{ token: string }>(`${origin}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LOGIN),
  });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const base = `${origin}/v1/company/${COMPANY}/inventory-list/${listId}`;
  const found = await json<{ data: { id: string }[] }>(`${base}/items?q=${encodeURIComponent(name)}`, { headers });
  const itemId = found.data[0]?.id;
  if (!itemId) throw new Error(`no item named ${name}`);
  return (quantity: number) =>
    json(`${base}/item/${itemId}/count`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        kind: 'set',
        quantity,
        id: randomUUID(),
        unit: 'piece',
        countedAt: new Date().toISOString(),
        deviceId: 'bench-other-phone',
      }),
    });
}

type Reads = { shown: number[]; reads: number[]; bytes: number[] };

async function oneDevice(browser: Browser, origin: string, listId: string, items: number, counts: number, into: Reads) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const main = page.getByRole('main');
  const listPath = `/v1/company/${COMPANY}/inventory-list/${listId}`;
  const reads: Promise<number>[] = [];
  let live = false;
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === `${listPath}/events` && response.ok()) live = true;
    if (url.pathname === listPath && response.request().method() === 'GET') {
      reads.push(
        response
          .request()
          .sizes()
          .then((s) => s.responseBodySize),
      );
    }
  });
  try {
    await login(page, origin);
    if (!(await controlled(page))) throw new Error('no service worker');
    await page.goto(`${origin}/profil/inventering/${listId}/rakna`);
    await main
      .getByTestId('list-progress')
      .getByRole('progressbar')
      .and(page.locator(`[aria-valuemax="${items}"]`))
      .waitFor({ timeout: 180_000 });
    for (let i = 0; !live; i++) {
      if (i > 600) throw new Error('the live view did not connect');
      await new Promise((r) => setTimeout(r, 100));
    }
    // The first article of the walk, as the screen shows it.
    const name = (await main.getByTestId('walk-item-name').first().textContent())?.trim() ?? '';
    const row = main.getByTestId('walk-item').filter({ hasText: name });
    const count = await otherPhone(origin, listId, name);
    for (let k = 0; k < counts; k++) {
      const quantity = 10 + k;
      const before = reads.length;
      await count(quantity);
      const t0 = performance.now();
      await row
        .getByTestId('walk-item-quantity')
        .filter({ hasText: `${quantity} st` })
        .waitFor({ timeout: 120_000 });
      into.shown.push(performance.now() - t0);
      const sizes = await Promise.all(reads.slice(before));
      into.reads.push(sizes.length);
      into.bytes.push(sizes.reduce((a, b) => a + b, 0));
    }
  } finally {
    await context.close();
  }
}

export default async function countNews(): Promise<Figures> {
  const items = envInt('BENCH_COUNT_NEWS_ITEMS', 5000);
  const devices = envInt('BENCH_COUNT_NEWS_DEVICES', 3);
  const counts = envInt('BENCH_COUNT_NEWS_COUNTS', 5);
  let clientDir = process.env.BENCH_CLIENT_DIR;
  if (!clientDir) {
    clientDir = path.join(root, '.tmp', 'bench-inventory-client');
    await buildClient(clientDir);
  }
  const baselineDir = process.env.BENCH_COUNT_NEWS_BASELINE_CLIENT_DIR;
  const sides = [...(baselineDir ? [{ label: 'baseline', dir: baselineDir }] : []), { label: '', dir: clientDir }];
  const browser = await chromium.launch({
    executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const started: { dataDir: string; stop: () => Promise<void> }[] = [];
  try {
    const running = [];
    for (const side of sides) {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'skafferi-bench-news-'));
      const listId = await seed(dataDir, items);
      const server = await startServer(dataDir, path.resolve(side.dir));
      started.push({ dataDir, stop: server.stop });
      running.push({ ...side, listId, origin: server.origin, reads: { shown: [], reads: [], bytes: [] } as Reads });
    }
    for (let d = 0; d < devices; d++) {
      for (const side of running) await oneDevice(browser, side.origin, side.listId, items, counts, side.reads);
    }
    const figures: Figures = { items, devices, counts_per_device: counts };
    for (const side of running) {
      const prefix = side.label ? `${side.label}_` : '';
      figures[`${prefix}other_phone_count_shown_median_ms`] = Math.round(median(side.reads.shown));
      figures[`${prefix}other_phone_count_shown_runs_ms`] = side.reads.shown.map(Math.round).join(' ');
      figures[`${prefix}list_reads_per_count_median`] = median(side.reads.reads);
      figures[`${prefix}list_bytes_read_per_count_median`] = median(side.reads.bytes);
      figures[`${prefix}list_bytes_read_per_count_runs`] = side.reads.bytes.join(' ');
    }
    if (baselineDir) figures.baseline_client = baselineDir;
    return figures;
  } finally {
    await browser.close();
    for (const side of started) {
      await side.stop();
      await rm(side.dataDir, { recursive: true, force: true });
    }
  }
}
