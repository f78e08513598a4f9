/**
 * Adding an article by product id — as the phone adds — in ONE statement (decision 0071, fourth round): it finds and
 * locks the company's list, finds the product and the list's item with the client's id, inserts the item, marks the
 * list changed (outside a sync batch, which marks a list once at its end: ./marks.ts) and answers the item with its
 * product. It was three statements, four with the mark: on PostgreSQL each a round trip (issue #17's item add), on
 * PGlite each a call into the engine.
 */
import { eq, sql } from 'drizzle-orm';
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
import { lookupField, settleListQuantity, toItem, type ItemRow } from './rows';

/** What the statement found: the list's row (none: not the company's list) and what became of the insert. */
type AddedRow = Omit<ItemRow, 'id' | 'productId' | 'addedAt' | 'wholeUnitsOnly'> & {
  productId: string | null;
  wholeUnitsOnly: boolean | null;
  existingProductId: string | null;
  itemId: string | null;
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

/**
 * The statement. Both settlings of the requested quantity are passed and the product's own is kept, so the rule stays
 * in contract/rules/quantity.ts. The list is locked (`for update`) before anything is inserted, as `lockList` did;
 * the mark updates the row the statement has locked. One text for every call: prepared once (decision 0075).
 */
const statement = (input: AddInput) => {
  const whole = String(settleListQuantity({ wholeUnitsOnly: true }, input.requested, 1).quantity);
  const part = String(settleListQuantity({ wholeUnitsOnly: false }, input.requested, 1).quantity);
  return sql`
    with target as (
      select l.id as list_id, p.id as product_id, p.whole_units_only, e.product_id as existing_product_id
      from purchase_lists l
      left join products p on p.id = ${input.productId}::uuid
      left join purchase_list_items e on e.id = ${input.itemId}::uuid and e.list_id = l.id
      where l.id = ${input.listId}::uuid and l.company_id = ${input.companyId}::uuid
      for update of l
    ), inserted as (
      insert into purchase_list_items (id, list_id, product_id, quantity, added_at)
      select coalesce(${input.itemId}::uuid, gen_random_uuid()), t.list_id, t.product_id,
        case when t.whole_units_only then ${whole}::numeric else ${part}::numeric end, ${input.now}::timestamptz
      from target t
      where t.product_id is not null and t.existing_product_id is null
      on conflict do nothing
      returning id, list_id, product_id, quantity
    ), touched as (
      update purchase_lists set updated_at = ${input.now}::timestamptz
      where ${input.touch}::boolean and id = (select list_id from inserted)
    )
    select t.product_id as "productId", t.whole_units_only as "wholeUnitsOnly",
      t.existing_product_id as "existingProductId", i.id as "itemId", i.quantity,
      p.sku, p.name, p.brand_name as "brandName", p.unit, p.pieces_per_carton as "piecesPerCarton",
      p.gtin_piece as "gtinPiece", p.gtin_carton as "gtinCarton", p.images, p.stock_status as "stockStatus",
      p.discontinued
    from target t
    left join inserted i on true
    left join products p on p.id = i.product_id`;
};

/** Runs the statement on `db` (the change's transaction). */
export async function addByProduct(db: DbOrTx, input: AddInput): Promise<AddByProduct> {
  const { rows } = await db.execute<AddedRow>(statement(input));
  const [row] = rows;
  if (!row) return { kind: 'noList' };
  if (row.productId === null || row.wholeUnitsOnly === null) return { kind: 'noProduct' };
  if (row.existingProductId !== null) return { kind: 'existing', productId: row.existingProductId };
  if (row.itemId === null) return { kind: 'conflict' };
  // In the order of `itemColumns` (./rows.ts), as a read of the item answers it: the quantity as the column keeps
  // it, the time as it was given.
  const item: ItemRow = {
    id: row.itemId,
    productId: row.productId,
    sku: row.sku,
    name: row.name,
    brandName: row.brandName,
    unit: row.unit,
    piecesPerCarton: row.piecesPerCarton,
    quantity: String(row.quantity),
    addedAt: input.now,
    gtinPiece: row.gtinPiece,
    gtinCarton: row.gtinCarton,
    images: row.images,
    stockStatus: row.stockStatus,
    discontinued: row.discontinued,
    wholeUnitsOnly: row.wholeUnitsOnly,
  };
  return { kind: 'added', item };
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
