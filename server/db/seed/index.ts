/**
 * Deterministic demo data: the same options and `now` give the same rows, ids included (except password hashes,
 * which are salted). Everything is written in one transaction, in batches.
 */
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../modules/auth/passwords';
import type { Db } from '../client';
import * as schema from '../schema';
import { makeAssortment, makePools } from './assortment';
import { makeCategories } from './categories';
import { makeCompanies } from './companies';
import { makeLists } from './lists';
import { seedInventory } from './inventory';
import { makeOrders } from './orders';
import { makeCompanyPrices } from './prices';
import { makeProducts, type ProductInfo } from './products';
import { Rng } from './rng';
import { DEMO_LOGINS, DEMO_USER_PASSWORD, makeUsers } from './users';
import { insertJson } from './util';

export { DEMO_LOGINS, DEMO_USER_PASSWORD } from './users';
export type { DemoLogin } from './users';
export { isValidGtin } from './util';

export type SeedOptions = {
  /** Number of products (default 2000; 100 000 for benchmarks). */
  products?: number;
  /** The moment the history is relative to (default: now). */
  now?: Date;
  log?: (msg: string) => void;
};

export type SeedSummary = {
  categories: number;
  products: number;
  companies: number;
  users: number;
  deliveryRoutes: number;
  deliveryExceptions: number;
  chartAccounts: number;
  companyZones: number;
  companyPrices: number;
  companyProducts: number;
  orders: number;
  orderRows: number;
  purchaseLists: number;
  purchaseListItems: number;
  inventoryLists: number;
  inventoryListItems: number;
  durationMs: number;
};

export const DEFAULT_PRODUCT_COUNT = 2000;
const SEED = 'skafferi-demo-v1';

/** True when the database has no companies (nothing seeded yet). */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: schema.companies.id }).from(schema.companies).limit(1);
  return rows.length === 0;
}

/** Deletes every row of every table of the schema (the migrations' own bookkeeping is left alone). */
export async function resetDatabase(db: Db): Promise<void> {
  const names = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`TRUNCATE TABLE ${names.join(', ')} CASCADE`));
}

/** Fills an empty database with the demo data and returns what was written. */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const count = Math.max(1, Math.floor(options.products ?? DEFAULT_PRODUCT_COUNT));
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
  const root = new Rng(SEED);
  const lap = (() => {
    let last = performance.now();
    return (what: string) => {
      const t = performance.now();
      log(`${what} (${((t - last) / 1000).toFixed(1)} s)`);
      last = t;
    };
  })();

  // Password hashes first (argon2 runs on the native thread pool): one per demo login, one shared by the rest.
  const [shared, ...demo] = await Promise.all([
    hashPassword(DEMO_USER_PASSWORD),
    ...DEMO_LOGINS.map((login) => hashPassword(login.password)),
  ]);
  const demoHashes = new Map(DEMO_LOGINS.map((login, i) => [login.email, demo[i] as string]));
  lap('Lösenord hashade');

  const cats = makeCategories(root.fork('categories'));
  const prods = makeProducts(root.fork('products'), cats.leaves, count, now);
  const comps = makeCompanies(root.fork('companies'), now);
  const users = makeUsers(root.fork('users'), comps.infos, now, demoHashes, shared as string);
  const pools = makePools(prods.infos);
  const assortmentRng = root.fork('assortment');
  const assortments = new Map<string, ProductInfo[]>(
    comps.infos.map((c) => [c.id, makeAssortment(assortmentRng, c, pools)]),
  );
  const prices = makeCompanyPrices(root.fork('prices'), comps.infos, prods.infos, assortments, now);
  const history = makeOrders(root.fork('orders'), comps.infos, users.byCompany, assortments, prices.book, now);
  const lists = makeLists(root.fork('lists'), comps.infos, users.byCompany, assortments, prices.book, now);
  lap(`Data genererad: ${prods.rows.length} produkter, ${history.orders.length} ordrar`);

  await db.transaction(async (tx) => {
    await insertJson(tx, schema.categories, cats.rows);
    // Replacements are never discontinued themselves: inserting the current products first satisfies the foreign key.
    await insertJson(
      tx,
      schema.products,
      [...prods.rows.filter((p) => !p.discontinued), ...prods.rows.filter((p) => p.discontinued)],
      2000,
    );
    await insertJson(tx, schema.productCategories, prods.links, 5000);
    lap('Katalog sparad');
    await insertJson(tx, schema.companies, comps.companies);
    await insertJson(tx, schema.deliveryRoutes, comps.routes);
    await insertJson(tx, schema.deliveryExceptions, comps.exceptions);
    await insertJson(tx, schema.chartAccounts, comps.accounts);
    await insertJson(tx, schema.companyZones, comps.zones);
    await insertJson(tx, schema.users, users.users);
    await insertJson(tx, schema.userCompanies, users.links);
    await insertJson(tx, schema.companyPrices, prices.rows, 5000);
    lap('Företag, användare och priser sparade');
    await insertJson(tx, schema.orders, history.orders);
    await insertJson(tx, schema.orderRows, history.rows, 2000);
    await insertJson(tx, schema.companyProducts, lists.companyProducts);
    await insertJson(tx, schema.purchaseLists, lists.purchaseLists);
    await insertJson(tx, schema.purchaseListItems, lists.purchaseListItems);
    await insertJson(tx, schema.inventoryLists, lists.inventoryLists);
    await insertJson(tx, schema.inventoryListItems, lists.inventoryListItems);
    await seedInventory(tx, { rng: root.fork('inventory'), now, companies: comps.infos, usersByCompany: users.byCompany, assortments, book: prices.book }); // prettier-ignore
    lap('Ordrar och listor sparade');
  });

  return {
    categories: cats.rows.length,
    products: prods.rows.length,
    companies: comps.companies.length,
    users: users.users.length,
    deliveryRoutes: comps.routes.length,
    deliveryExceptions: comps.exceptions.length,
    chartAccounts: comps.accounts.length,
    companyZones: comps.zones.length,
    companyPrices: prices.rows.length,
    companyProducts: lists.companyProducts.length,
    orders: history.orders.length,
    orderRows: history.rows.length,
    purchaseLists: lists.purchaseLists.length,
    purchaseListItems: lists.purchaseListItems.length,
    inventoryLists: lists.inventoryLists.length,
    inventoryListItems: lists.inventoryListItems.length,
    durationMs: Math.round(performance.now() - started),
  };
}
