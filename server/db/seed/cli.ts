/**
 * npm run seed -- [--products N] [--reset]
 *
 * Fills the database with the demo data. Uses DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR/pglite
 * (DATA_DIR defaults to ./data). A database that already holds data is left alone unless --reset is given.
 */
import { config as loadEnv } from 'dotenv';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../client';
import { DEFAULT_PRODUCT_COUNT, DEMO_LOGINS, isEmpty, resetDatabase, seed, type SeedSummary } from './index';

const LABELS: Record<keyof Omit<SeedSummary, 'durationMs'>, string> = {
  categories: 'Kategorier',
  products: 'Produkter',
  companies: 'Företag',
  users: 'Användare',
  deliveryRoutes: 'Leveransturer',
  deliveryExceptions: 'Leveransundantag',
  chartAccounts: 'Konton',
  companyZones: 'Zoner',
  companyPrices: 'Företagspriser',
  companyProducts: 'Egna artiklar',
  orders: 'Ordrar',
  orderRows: 'Orderrader',
  purchaseLists: 'Inköpslistor',
  purchaseListItems: 'Inköpslisteartiklar',
  inventoryLists: 'Inventeringslistor',
  inventoryListItems: 'Inventeringsartiklar',
};

async function main(): Promise<number> {
  loadEnv({ quiet: true });
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log('Användning: npm run seed -- [--products N] [--reset]');
    return 0;
  }
  const products = values.products === undefined ? DEFAULT_PRODUCT_COUNT : Number(values.products);
  if (!Number.isInteger(products) || products < 1) {
    console.error(`--products måste vara ett positivt heltal (fick "${values.products}").`);
    return 2;
  }

  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = databaseUrl ? undefined : path.join(process.env.DATA_DIR || './data', 'pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const started = performance.now();
  const handle = await openDatabase({ databaseUrl, dataDir });
  console.log(`Databas: ${handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite i ${dataDir}`}`);
  try {
    if (!(await isEmpty(handle.db))) {
      if (!values.reset) {
        console.error(
          'Databasen innehåller redan data. Lägg till --reset för att tömma den och skapa demodata på nytt:',
        );
        console.error('  npm run seed -- --reset');
        return 1;
      }
      await resetDatabase(handle.db);
      console.log('Databasen tömd.');
    }
    const summary = await seed(handle.db, { products, log: (msg) => console.log(`  ${msg}`) });
    console.log('Demodata skapad:');
    for (const [key, label] of Object.entries(LABELS)) {
      console.log(`  ${label.padEnd(22)} ${String(summary[key as keyof typeof LABELS]).padStart(8)}`);
    }
    console.log(
      `Tid: ${(summary.durationMs / 1000).toFixed(1)} s för seed, ${((performance.now() - started) / 1000).toFixed(1)} s totalt.`,
    );
    console.log('Demoinloggningar:');
    for (const login of DEMO_LOGINS)
      console.log(`  ${login.email.padEnd(24)} ${login.password.padEnd(14)} ${login.description}`);
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('Seed misslyckades:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
