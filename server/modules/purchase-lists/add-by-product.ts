/**
 * Adding an article by product id — as the phone adds — in ONE statement (decision 0071, fourth round): it finds and
 * locks the company's list, finds the product and the list's item with the client's id, inserts the item, marks the
 * list changed (outside a sync batch, which marks a list once at its end: ./marks.ts) and answers the item with its
 * product. It was three statements, four with the mark: on PostgreSQL each a round trip (issue #17's item add), on
 * PGlite each a call into the engine.
 */
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type {
  AddPurchaseListItemBody,
  PurchaseListItem,
  PurchaseListItemAnswer,
} from '../../../contract/purchase-lists';
import { inBatch } from '../../db/ambient';
import { type DbOrTx } from '../../db/client';
import { purchaseListItems } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { errorText } from '../../lib/i18n';
import { UUID } from '../../lib/ids';
import type { CompanyRow } from '../../plugins/access';
import { productNotFound } from './add-item';
import { fromItemColumns, lookupField, settleListQuantity, toItem, type ItemColumnsRow, type ItemRow } from './rows';

/**
 * What the statement found: the list's row (none: not the company's list) and what became of the insert. The item's
 * columns are named as the detail read names them (./rows.ts `ItemColumnsRow`), null when nothing was inserted; the
 * quantity as the driver hands a numeric, the time not read back (it is the one given).
 */
type AddedRow = { [K in keyof Omit<ItemColumnsRow, 'addedAt' | 'quantity'>]: ItemColumnsRow[K] | null } & {
  existingProductId: string | null;
  quantity: string | number | null;
};

export type AddByProduct =
  | { kind: 'noList' }
  | { kind: 'noProduct' }
  /** The list has an item with the client's id already (a resend, or another article: ClientIdTaken). */
  | { kind: 'existing'; productId: string }
  /** Nothing inserted: the article is in the list, or the client's id is another list's item. */
  | { kind: 'conflict' }
  | { kind: 'added'; item: ItemRow };

export type AddInput = {
  companyId: string;
  listId: string;
  productId: string;
  /** The client's id of the new item (null: the server makes one). */
  itemId: string | null;
  requested: number;
  now: Date;
  /** Mark the list changed in the same statement (not in a sync batch: it marks the list at its end). */
  touch: boolean;
};

const value = sql.placeholder;

/**
 * The statement, its text and placeholders built once for the process. Both settlings of the requested quantity are
 * passed (`whole`, `part`) and the product's own is kept, so the rule stays in contract/rules/quantity.ts. The list is
 * locked (`for update`) before anything is inserted, as `lockList` did; the mark updates the row the statement has
 * locked. `productId` is the target's (null: no such product), so it tells a missing product from a refused insert.
 */
const statement = new PgDialect().sqlToQuery(sql`
    with target as (
      select l.id as list_id, p.id as product_id, p.whole_units_only, e.product_id as existing_product_id
      from purchase_lists l
      left join products p on p.id = ${value('productId')}::uuid
      left join purchase_list_items e on e.id = ${value('itemId')}::uuid and e.list_id = l.id
      where l.id = ${value('listId')}::uuid and l.company_id = ${value('companyId')}::uuid
      for update of l
    ), inserted as (
      insert into purchase_list_items (id, list_id, product_id, quantity, added_at)
      select coalesce(${value('itemId')}::uuid, gen_random_uuid()), t.list_id, t.product_id,
        case when t.whole_units_only then ${value('whole')}::numeric else ${value('part')}::numeric end,
        ${value('now')}::timestamptz
      from target t
      where t.product_id is not null and t.existing_product_id is null
      on conflict do nothing
      returning id, list_id, product_id, quantity
    ), touched as (
      update purchase_lists set updated_at = ${value('now')}::timestamptz
      where ${value('touch')}::boolean and id = (select list_id from inserted)
    )
    select i.id as "itemId", t.product_id as "productId", p.sku, p.name as "productName",
      p.brand_name as "brandName", p.unit, p.pieces_per_carton as "piecesPerCarton", i.quantity,
      p.gtin_piece as "gtinPiece", p.gtin_carton as "gtinCarton", p.images, p.stock_status as "stockStatus",
      p.discontinued, t.whole_units_only as "wholeUnitsOnly", t.existing_product_id as "existingProductId"
    from target t
    left join inserted i on true
    left join products p on p.id = i.product_id`);

/**
 * Runs the statement on `db` (the change's transaction) as a named prepared statement: on PostgreSQL parsed and planned
 * once per connection instead of per add (its planning was half of its time, decision 0082), on PGlite prepared once
 * by its text (decision 0075) as before. Drizzle's `execute` sends raw SQL unnamed; its session's `prepareQuery` is
 * what its own `.prepare(name)` calls, with the text built above instead of per call.
 */
export async function addByProduct(db: DbOrTx, input: AddInput): Promise<AddByProduct> {
  const prepared = db._.session.prepareQuery<{ execute: { rows: AddedRow[] }; all: unknown; values: unknown }>(
    statement,
    undefined,
    'purchase_list_add_by_product',
    false,
  );
  const { rows } = await prepared.execute({
    companyId: input.companyId,
    listId: input.listId,
    productId: input.productId,
    itemId: input.itemId,
    whole: String(settleListQuantity({ wholeUnitsOnly: true }, input.requested, 1).quantity),
    part: String(settleListQuantity({ wholeUnitsOnly: false }, input.requested, 1).quantity),
    now: input.now,
    touch: input.touch,
  });
  const [row] = rows;
  if (!row) return { kind: 'noList' };
  if (row.productId === null || row.wholeUnitsOnly === null) return { kind: 'noProduct' };
  if (row.existingProductId !== null) return { kind: 'existing', productId: row.existingProductId };
  if (row.itemId === null || row.quantity === null) return { kind: 'conflict' };
  // Inserted: the product's columns are there (joined on the new item); the time is the one the statement stored.
  const columns = { ...row, quantity: String(row.quantity), addedAt: input.now } as ItemColumnsRow;
  return { kind: 'added', item: fromItemColumns(columns) };
}

/** What an add by product id asks of its service (./service.ts): an item as a read answers it, and the list's mark. */
export interface AddByIdNeeds {
  itemOf: (listId: string, itemId: string) => Promise<PurchaseListItem>;
  touch: (company: CompanyRow, listId: string, now: Date) => Promise<void>;
}

/** The service's add by product id and the refusal every add shares, on the change's transaction `db`. */
export function addByIdOn(db: DbOrTx, { itemOf, touch }: AddByIdNeeds) {
  const listNotFound = () => notFound('PurchaseListNotFound');

  /** An add by product id (the phone's): one statement, the rare refusals asked after it (./add-by-product.ts). */
  async function addById(
    company: CompanyRow,
    listId: string,
    productId: string,
    body: AddPurchaseListItemBody,
    now: Date,
  ): Promise<PurchaseListItemAnswer> {
    if (!UUID.test(listId)) throw listNotFound();
    const itemId = body.id ?? null;
    // In a batch the list is marked once at its end: here only noted (`touch`), as every change of it is.
    const deferred = inBatch();
    const added = await addByProduct(db, {
      companyId: company.id,
      listId,
      productId,
      itemId,
      requested: body.quantity,
      now,
      touch: !deferred,
    });
    switch (added.kind) {
      case 'noList':
        throw listNotFound();
      case 'noProduct':
        throw productNotFound(body);
      case 'existing':
        if (added.productId !== productId) throw conflict('ClientIdTaken');
        return { ...(await itemOf(listId, itemId!)), messages: [] };
      case 'conflict':
        return refuseAdd(body);
      case 'added':
        if (deferred) await touch(company, listId, now);
        return {
          ...toItem(added.item),
          messages: settleListQuantity(added.item, body.quantity, 1).messages,
        };
    }
  }

  /** Nothing was inserted: the client's id is another list's item (ClientIdTaken), else the article is listed. */
  async function refuseAdd(body: AddPurchaseListItemBody): Promise<never> {
    if (body.id) {
      const [taken] = await db
        .select({ id: purchaseListItems.id })
        .from(purchaseListItems)
        .where(eq(purchaseListItems.id, body.id));
      if (taken) throw conflict('ClientIdTaken');
    }
    throw new AppError(409, 'ArticleAlreadyInList', undefined, [
      { path: lookupField(body), message: errorText('ArticleAlreadyInList') },
    ]);
  }

  return { addById, refuseAdd };
}
