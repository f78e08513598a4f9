// Server-side latency of `GET /v1/company/10002/order-history` (first page, 20 orders, total count) for a company
// with 5 000 orders on top of its seeded history. The app runs in this process on an in-memory PGlite database
// (SEED_PRODUCTS=200) and is called through `app.inject`, one request at a time, so the figures are the server's own
// time without the network. Target: p95 < 50 ms. Also measured: a filtered page (status + reference search) and one
// order's detail. `cpu ms/request` is this process's CPU time per request (the figure least moved by other load on a
// shared machine; the wall-clock percentiles are). Settings: BENCH_REQUESTS (300).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { companies, orderRows, orders, products } from '../server/db/schema';
import { computeOrderTotals } from '../contract/rules/order-totals';
import { seed } from '../server/db/seed';
import type { Figures } from './lib/types';

const TARGET_P95_MS = 50;
const EXTRA_ORDERS = 5_000;
const COMPANY = '10002';

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export default async function orderHistoryLatency(): Promise<Figures> {
  const requests = envInt('BENCH_REQUESTS', 300);
  const database = await openDatabase({});
  const app = await buildApp(
    loadConfig({
      SEED_ON_EMPTY: 'false',
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    }),
    { database },
  );
  try {
    const { db } = database;
    await seed(db, { products: 200 });
    const [company] = await db.select().from(companies).where(eq(companies.code, COMPANY));
    const catalogue = await db.select().from(products).limit(120);
    const started = performance.now();
    // 5 000 more orders over the last two years, 3–12 rows each, numbered after the seeded ones.
    const now = Date.now();
    const statuses = ['received', 'received', 'received', 'delivered', 'pending'] as const;
    for (let batch = 0; batch < EXTRA_ORDERS / 500; batch++) {
      const orderValues: (typeof orders.$inferInsert)[] = [];
      const rowValues: (typeof orderRows.$inferInsert)[] = [];
      for (let i = 0; i < 500; i++) {
        const n = batch * 500 + i;
        const id = randomUUID();
        const at = new Date(now - ((n * 7919) % (730 * 24 * 60)) * 60_000);
        const rows = Array.from({ length: 3 + (n % 10) }, (_, r) => {
          const p = catalogue[(n * 13 + r * 7) % catalogue.length]!;
          const quantity = 1 + ((n + r) % 6);
          return {
            productId: p.id,
            sku: p.sku,
            name: p.name,
            unit: p.unit,
            aPrice: p.publicPrice,
            quantity,
            vatRate: p.vatRate,
          };
        });
        rows.forEach((r, line) =>
          rowValues.push({
            orderId: id,
            lineNumber: line + 1,
            productId: r.productId,
            sku: r.sku,
            name: r.name,
            quantity: String(r.quantity),
            unit: r.unit,
            aPrice: r.aPrice,
            rowTotal: r.aPrice * r.quantity,
            vatRate: r.vatRate,
          }),
        );
        const totals = computeOrderTotals(
          rows.map((r) => ({ rowTotal: r.aPrice * r.quantity, vatRate: r.vatRate })),
          { discount: 0, shipping: 0, otherCosts: 0 },
        );
        orderValues.push({
          id,
          orderNumber: String(50_000_000 + n),
          companyId: company!.id,
          orderType: n % 5 === 0 ? 'sale' : 'web',
          status: statuses[n % statuses.length]!,
          orderDate: at,
          deliveryDate: new Date(at.getTime() + 2 * 86_400_000).toISOString().slice(0, 10),
          reference: n % 4 === 0 ? `Köket v. ${(n % 52) + 1}` : n % 4 === 1 ? 'Bankett' : null,
          addressName: company!.name,
          street: company!.street,
          postalCode: company!.postalCode,
          city: company!.city,
          ...totals,
        });
      }
      await db.insert(orders).values(orderValues);
      await db.insert(orderRows).values(rowValues);
    }
    const generateSeconds = (performance.now() - started) / 1000;

    const login = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'kund@skafferi.test', password: 'Kund123!' },
    });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const time = async (url: string) => {
      for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url, headers });
      const times: number[] = [];
      let total = 0;
      const cpu = process.cpuUsage();
      for (let i = 0; i < requests; i++) {
        const t = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        times.push(performance.now() - t);
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        total = (res.json() as { totalRecords?: number }).totalRecords ?? total;
      }
      const used = process.cpuUsage(cpu);
      times.sort((a, b) => a - b);
      return {
        p50: percentile(times, 0.5),
        p95: percentile(times, 0.95),
        p99: percentile(times, 0.99),
        // CPU time of this process per request: what the server spends, whatever else the machine is doing.
        cpu: (used.user + used.system) / 1000 / requests,
        total,
      };
    };
    const base = `/v1/company/${COMPANY}/order-history`;
    const first = await time(base);
    const filtered = await time(`${base}?status=received&q=k%C3%B6ket&pageSize=20`);
    const detail = await time(`/v1/company/${COMPANY}/order/${50_000_000 + 42}`);
    return {
      database: 'pglite (in memory)',
      'orders of the company': first.total,
      'generated in s': round(generateSeconds),
      requests,
      'first page p50 ms': round(first.p50, 2),
      'first page p95 ms': round(first.p95, 2),
      'first page p99 ms': round(first.p99, 2),
      'first page cpu ms/request': round(first.cpu, 2),
      'filtered page p50 ms': round(filtered.p50, 2),
      'filtered page p95 ms': round(filtered.p95, 2),
      'filtered total': filtered.total,
      'order detail p95 ms': round(detail.p95, 2),
      target: `first page p95 < ${TARGET_P95_MS} ms`,
      verdict: first.p95 < TARGET_P95_MS ? 'PASS' : 'BELOW',
    };
  } finally {
    await app.close();
    await database.close();
  }
}
