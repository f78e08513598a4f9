/**
 * Demo data for counting (issue 6), on top of the lists made by lists.ts:
 * - every counted seeded item gets the count event it came from (a set by the user who counted it), items their
 *   pieces per carton, and each list the company's list of the period before as `previousListId`;
 * - 10001 gets a large, counted list across all its zones and accounts, counted by two users with scans (deltas),
 *   typed numbers (sets), one conflict ("two people counted this") and par levels below the count;
 * - 10001, 10002 and 10003 get a few extra own articles with GTINs.
 * `makeBenchInventoryList` makes a list of any size (5 000 items for bench/).
 */
import { eq, sql } from 'drizzle-orm';
import { fromMilliPieces, mergeCounts, toMilliPieces, type MergeEvent } from '../../../contract/rules/count';
import type { DbOrTx } from '../client';
import {
  companies,
  companyProducts,
  inventoryCountEvents,
  inventoryListItems,
  inventoryLists,
  products,
} from '../schema';
import { accountFor, companyZoneFor, type CompanyInfo } from './companies';
import { priceOn, type PriceBook } from './prices';
import type { ProductInfo } from './products';
import type { Rng } from './rng';
import type { UserInfo } from './users';
import { addDays, gtinCheckDigit, isoDate, startOfUtcDay } from './util';
import { insertJson } from './util';

export type InventorySeedInput = {
  rng: Rng;
  now: Date;
  companies: CompanyInfo[];
  usersByCompany: Map<string, UserInfo[]>;
  assortments: Map<string, ProductInfo[]>;
  book: PriceBook;
};

const BIG_LIST_COMPANY = '10001';
const GTIN_COMPANIES = ['10001', '10002', '10003'];
const EXTRA_OWN = [
  { name: 'Husets lingonsylt 1 kg', price: 6500, zone: 'Kyl' as const, kind: 'food' },
  { name: 'Egen glögg 75 cl', price: 8900, zone: 'Dryck' as const, kind: 'drink' },
  { name: 'Vedsäck björk 40 l', price: 7900, zone: 'Non food' as const, kind: 'nonfood' },
];

type EventInsert = typeof inventoryCountEvents.$inferInsert;

/** Fills in the counting demo data; runs in the seed's transaction after lists.ts's rows are stored. */
export async function seedInventory(db: DbOrTx, input: InventorySeedInput): Promise<void> {
  const { rng, now } = input;
  // Items copy their product's pieces per carton.
  await db.execute(sql`update ${inventoryListItems} set pieces_per_carton = ${products.piecesPerCarton}
    from ${products} where ${products.id} = ${inventoryListItems.productId}`);
  // Every counted item: the set it came from.
  await db.execute(sql`insert into ${inventoryCountEvents}
      (id, item_id, list_id, user_id, device_id, kind, value, unit, pieces, counted_at, received_at)
    select md5(i.id::text || ':seed-set')::uuid, i.id, i.list_id, i.last_set_by, 'demo-' || coalesce(i.last_set_by::text, 'okand'), 'set',
      i.quantity, i.unit, i.quantity * (case when i.unit = 'carton' then i.pieces_per_carton else 1 end),
      i.last_set_at, i.last_set_at
    from ${inventoryListItems} i where i.last_set_at is not null`);
  await db.execute(sql`update ${inventoryListItems} set count_count = 1, last_counted_at = last_set_at,
    counted_by = case when last_set_by is null then '{}'::text[] else array[last_set_by::text] end
    where last_set_at is not null`);

  for (const company of input.companies) {
    if (GTIN_COMPANIES.includes(company.code))
      await extraOwnArticles(db, rng.fork(`own-${company.code}`), company, now);
    if (company.code === BIG_LIST_COMPANY) await bigList(db, rng.fork('big-list'), input, company);
  }

  // Each list is compared with the company's list of the period before (the big list with this month's other list).
  await db.execute(sql`update ${inventoryLists} l set previous_list_id = (
      select p.id from ${inventoryLists} p
      where p.company_id = l.company_id and p.id <> l.id and p.date_from < l.date_from
      order by p.date_from desc, p.created_at desc limit 1)
    where l.date_from is not null and l.previous_list_id is null`);
  await catchUpListVersions(db);
}

/**
 * Raises each list's version to the one its item rows were stamped with (decision 0090): the seed writes rows without
 * the `touch` a change makes after them, so without this a phone's first read of what changed since would be the
 * whole list once.
 */
export async function catchUpListVersions(db: DbOrTx): Promise<void> {
  const stamped = sql`(select coalesce(max(i.changed_version), 0) from ${inventoryListItems} i where i.list_id = l.id)`;
  await db.execute(sql`update ${inventoryLists} l set version = ${stamped} where l.version < ${stamped}`);
}

async function extraOwnArticles(db: DbOrTx, rng: Rng, company: CompanyInfo, now: Date) {
  const createdAt = addDays(startOfUtcDay(now), -rng.int(10, 40));
  const rows = EXTRA_OWN.map((a, i) => {
    const body = '73' + rng.digits(10);
    const account =
      a.kind === 'nonfood' ? '5460' : a.kind === 'drink' && company.accounts.includes('1465') ? '1465' : '1460';
    return {
      id: rng.uuid(),
      companyId: company.id,
      name: a.name,
      articleNumber: `E-9${String(i + 1).padStart(2, '0')}`,
      unit: 'piece' as const,
      piecesPerCarton: i === 0 ? 6 : 1,
      price: a.price,
      account,
      zone: companyZoneFor(company, a.zone, false),
      gtin: body + gtinCheckDigit(body),
      createdAt,
      updatedAt: createdAt,
    };
  });
  await insertJson(db, companyProducts, rows);
}

/** "Storinventering": up to 60 articles over every zone and account, counted by two users in four ways. */
async function bigList(db: DbOrTx, rng: Rng, input: InventorySeedInput, company: CompanyInfo) {
  const { now } = input;
  const users = input.usersByCompany.get(company.id) ?? [];
  const assortment = input.assortments.get(company.id) ?? [];
  if (users.length === 0 || assortment.length === 0) return;
  const [a, b] = [users[0] as UserInfo, (users[1] ?? users[0]) as UserInfo];
  const today = startOfUtcDay(now);
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0));
  const listId = rng.uuid();
  const createdAt = new Date(now.getTime() - 2 * 86_400_000);
  const [previous] = await db
    .select({ id: inventoryLists.id })
    .from(inventoryLists)
    .where(eq(inventoryLists.companyId, company.id))
    .orderBy(sql`${inventoryLists.dateFrom} desc nulls last`, sql`${inventoryLists.createdAt} desc`)
    .limit(1);
  await insertJson(db, inventoryLists, [
    {
      id: listId,
      companyId: company.id,
      createdBy: a.id,
      name: `Storinventering ${monthStart.toLocaleDateString('sv-SE', { month: 'long', timeZone: 'UTC' })} ${monthStart.getUTCFullYear()}`,
      dateFrom: isoDate(monthStart),
      dateTo: isoDate(monthEnd),
      previousListId: previous?.id ?? null,
      createdAt,
      updatedAt: now,
    },
  ]);
  const own = await db.select().from(companyProducts).where(eq(companyProducts.companyId, company.id));
  const picked = rng.sample(assortment, Math.min(60 - Math.min(own.length, 6), assortment.length));
  const items: (typeof inventoryListItems.$inferInsert)[] = [];
  const events: EventInsert[] = [];
  const deviceOf = (u: UserInfo) => `demo-telefon-${u.firstName.toLowerCase()}`;
  let minute = 0;
  const at = () => new Date(createdAt.getTime() + 3_600_000 + ++minute * 47_000);

  const addCounts = (itemId: string, unit: 'piece' | 'carton', ppc: number, pattern: number) => {
    const mine: EventInsert[] = [];
    const push = (u: UserInfo, kind: 'delta' | 'set', value: number, inUnit: 'piece' | 'carton') =>
      mine.push({
        id: rng.uuid(),
        itemId,
        listId,
        userId: u.id,
        deviceId: deviceOf(u),
        kind,
        value: String(value),
        unit: inUnit,
        pieces: String(toMilliPieces(value, inUnit, ppc) / 1000),
        countedAt: at(),
        receivedAt: now,
      });
    switch (pattern) {
      case 0: // typed in by A
        push(a, 'set', rng.int(0, 30), unit);
        break;
      case 1: // scanned by A and B
        for (let n = rng.int(1, 4); n > 0; n--) push(a, 'delta', 1, 'piece');
        for (let n = rng.int(1, 3); n > 0; n--) push(b, 'delta', 1, ppc > 1 ? 'carton' : 'piece');
        break;
      case 2: // typed by A, then B scans more
        push(a, 'set', rng.int(1, 12), unit);
        push(b, 'delta', 1, 'piece');
        break;
      default: // B scans, then A types a number over it: a conflict
        push(b, 'delta', 1, 'piece');
        push(b, 'delta', 1, 'piece');
        push(a, 'set', rng.int(2, 9), unit);
        break;
    }
    events.push(...mine);
    const merged = mergeCounts(
      mine.map((e): MergeEvent => ({
        id: e.id as string,
        kind: e.kind,
        countedAt: e.countedAt,
        milliPieces: Math.round(Number(e.pieces) * 1000),
        userId: e.userId ?? null,
      })),
    );
    const countedBy = [...new Set(mine.map((e) => e.userId as string))];
    return {
      quantity: String(fromMilliPieces(merged.milliPieces, unit, ppc)),
      countCount: mine.length,
      lastCountedAt: mine[mine.length - 1]?.countedAt ?? null,
      lastSetAt: merged.set ? new Date(merged.set.countedAt) : null,
      lastSetBy: merged.set?.userId ?? null,
      countedBy,
      conflict: merged.overriddenUsers.size > 0,
    };
  };

  picked.forEach((p, i) => {
    const id = rng.uuid();
    const counts = addCounts(id, p.unit, p.piecesPerCarton, i === 3 ? 3 : i % 7 === 0 ? 1 : i % 5 === 0 ? 2 : 0);
    items.push({
      id,
      listId,
      productId: p.id,
      companyProductId: null,
      articleNumber: p.sku,
      name: p.name,
      unit: p.unit,
      piecesPerCarton: p.piecesPerCarton,
      price: priceOn(input.book, company.id, p, isoDate(today)),
      account: accountFor(company, p.topSlug, p.leafSlug, p.alcoholic),
      zone: companyZoneFor(company, p.zoneName, p.alcoholic),
      parLevel: i % 4 === 0 ? String(Number(counts.quantity) + rng.int(2, 10)) : null,
      ...counts,
      createdAt,
      updatedAt: now,
    });
  });
  own.slice(0, 6).forEach((o, i) => {
    const id = rng.uuid();
    const counts = addCounts(id, o.unit, o.piecesPerCarton, i % 3);
    items.push({
      id,
      listId,
      productId: null,
      companyProductId: o.id,
      articleNumber: o.articleNumber,
      name: o.name,
      unit: o.unit,
      piecesPerCarton: o.piecesPerCarton,
      price: o.price,
      account: o.account,
      zone: o.zone,
      parLevel: null,
      ...counts,
      createdAt,
      updatedAt: now,
    });
  });
  await insertJson(db, inventoryListItems, items);
  await insertJson(db, inventoryCountEvents, events);
}

/**
 * A list of `size` items for benchmarks (bench/): the catalogue's products first, then synthetic articles, each
 * counted once. Returns the list id.
 */
export async function makeBenchInventoryList(db: DbOrTx, companyCode: string, size = 5000): Promise<string> {
  const [company] = await db.select().from(companies).where(eq(companies.code, companyCode));
  if (!company) throw new Error(`no company ${companyCode}`);
  const listId = crypto.randomUUID();
  const now = new Date();
  await insertJson(db, inventoryLists, [
    { id: listId, companyId: company.id, name: `Bänkinventering ${size}`, createdAt: now, updatedAt: now },
  ]);
  const catalogue = await db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      unit: products.unit,
      piecesPerCarton: products.piecesPerCarton,
      price: products.publicPrice,
      zone: products.zoneName,
    })
    .from(products)
    .limit(size);
  const items: (typeof inventoryListItems.$inferInsert)[] = [];
  const events: EventInsert[] = [];
  const zones = ['Kylrum', 'Frysrum', 'Torrlager', 'Bar', 'Städförråd'];
  for (let i = 0; i < size; i++) {
    const p = catalogue[i];
    const id = crypto.randomUUID();
    const quantity = (i * 7) % 40;
    items.push({
      id,
      listId,
      productId: p?.id ?? null,
      articleNumber: p?.sku ?? `B-${String(i).padStart(6, '0')}`,
      name: p?.name ?? `Bänkartikel ${i}`,
      unit: p?.unit ?? 'piece',
      piecesPerCarton: p?.piecesPerCarton ?? 1,
      price: p?.price ?? 1000 + i,
      account: i % 3 === 0 ? '1465' : '1460',
      zone: zones[i % zones.length] ?? null,
      quantity: String(quantity),
      countCount: 1,
      lastCountedAt: now,
      lastSetAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const unit = p?.unit ?? 'piece';
    const ppc = p?.piecesPerCarton ?? 1;
    events.push({
      id: crypto.randomUUID(),
      itemId: id,
      listId,
      deviceId: 'bench',
      kind: 'set',
      value: String(quantity),
      unit,
      pieces: String(toMilliPieces(quantity, unit, ppc) / 1000),
      countedAt: now,
      receivedAt: now,
    });
  }
  await insertJson(db, inventoryListItems, items, 2000);
  await insertJson(db, inventoryCountEvents, events, 2000);
  await catchUpListVersions(db);
  return listId;
}
