import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { companyProducts, products, UNITS } from './catalog';
import { createdAt, id, ore, updatedAt } from './columns';

export const ORDER_TYPES = ['web', 'sale'] as const;
export const ORDER_STATUSES = ['pending', 'delivered', 'received'] as const;

/** One cart per user and company. */
export const carts = pgTable(
  'carts',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveryDate: date('delivery_date'),
    /** Raised by every change to the cart or its lines: what a cached cart answer is checked against (0039). */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carts_company_user_idx').on(t.companyId, t.userId)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unit: text('unit', { enum: UNITS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_items_line_idx').on(t.cartId, t.lineNumber)],
);

export type VatLine = { rate: number; base: number; vat: number };

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Staff member who placed the order on the user's behalf (admin checkout); null when the user ordered. */
    placedBy: uuid('placed_by').references(() => users.id, { onDelete: 'set null' }),
    orderType: text('order_type', { enum: ORDER_TYPES }).notNull().default('web'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    deliveryDate: date('delivery_date').notNull(),
    reference: text('reference'),
    theirReference: text('their_reference'),
    addressName: text('address_name'),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    subtotal: ore('subtotal').notNull(),
    vatLines: jsonb('vat_lines').$type<VatLine[]>().notNull().default([]),
    vat: ore('vat').notNull(),
    discount: ore('discount').notNull().default(0),
    shipping: ore('shipping').notNull().default(0),
    otherCosts: ore('other_costs').notNull().default(0),
    total: ore('total').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.orderNumber),
    index('orders_company_date_idx').on(t.companyId, t.orderDate),
    // The order history's page, newest first, without a sort (docs/decisions/0039).
    index('orders_company_history_idx').on(
      t.companyId,
      t.orderDate.desc().nullsFirst(),
      t.orderNumber.desc().nullsFirst(),
    ),
  ],
);

export const orderRows = pgTable(
  'order_rows',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull(),
    unit: text('unit', { enum: UNITS }).notNull(),
    /** A-price: price per unit, öre, excluding VAT. */
    aPrice: ore('a_price').notNull(),
    rowTotal: ore('row_total').notNull(),
    vatRate: integer('vat_rate').notNull(),
  },
  (t) => [index('order_rows_order_idx').on(t.orderId)],
);

export const purchaseLists = pgTable(
  'purchase_lists',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('purchase_lists_company_idx').on(t.companyId)],
);

export const purchaseListItems = pgTable(
  'purchase_list_items',
  {
    id: id(),
    listId: uuid('list_id')
      .notNull()
      .references(() => purchaseLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull().default('1'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('purchase_list_items_product_idx').on(t.listId, t.productId)],
);

export const inventoryLists = pgTable(
  'inventory_lists',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    dateFrom: date('date_from'),
    dateTo: date('date_to'),
    /** The list this one is compared with for variance (docs/decisions/0026). */
    previousListId: uuid('previous_list_id').references((): AnyPgColumn => inventoryLists.id, { onDelete: 'set null' }),
    /** Closed after review: counts and changes are refused until a customer administrator reopens it. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    /** When it was last reopened: a close made on a phone that had not seen this reopen is refused (decision 0062). */
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    /**
     * One more with every change to the list, its items or counts (scope.ts `touch`, under the list's row lock): a
     * phone whose copy was whole at version n knows it is whole at n + 1 when its own change is the one that made it.
     */
    version: integer('version').notNull().default(0),
    /**
     * The first version a copy must be at to be brought up to date by the items changed since it (decision 0090): a
     * removed item or another list compared with changes what no item's `changedVersion` can tell, so a copy from
     * before such a change is read whole.
     */
    wholeFrom: integer('whole_from').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('inventory_lists_company_idx').on(t.companyId)],
);

/**
 * A counted article: a catalogue product or one of the company's own products.
 * `quantity` is in pieces' worth of the item's unit; merge rules for deltas and sets live in the inventory service.
 */
export const inventoryListItems = pgTable(
  'inventory_list_items',
  {
    id: id(),
    listId: uuid('list_id')
      .notNull()
      .references(() => inventoryLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    companyProductId: uuid('company_product_id').references(() => companyProducts.id, { onDelete: 'set null' }),
    articleNumber: text('article_number').notNull(),
    name: text('name').notNull(),
    unit: text('unit', { enum: UNITS }).notNull(),
    price: ore('price').notNull().default(0),
    account: text('account'),
    zone: text('zone'),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull().default('0'),
    parLevel: numeric('par_level', { precision: 12, scale: 3 }),
    lastSetBy: uuid('last_set_by').references(() => users.id, { onDelete: 'set null' }),
    lastSetAt: timestamp('last_set_at', { withTimezone: true }),
    countedBy: text('counted_by').array().notNull().default([]),
    /** Pieces in one carton, copied from the product when added (counts in cartons are converted with it). */
    piecesPerCarton: integer('pieces_per_carton').notNull().default(1),
    /** Derived from the count events (docs/decisions/0025): number of events, latest countedAt, "two people". */
    countCount: integer('count_count').notNull().default(0),
    lastCountedAt: timestamp('last_counted_at', { withTimezone: true }),
    conflict: boolean('conflict').notNull().default(false),
    /** A conflict was acknowledged for overridden deltas counted up to this moment. */
    conflictResolvedUntil: timestamp('conflict_resolved_until', { withTimezone: true }),
    /** Who made the latest count (by countedAt), derived from the events like countCount. */
    lastCountedBy: uuid('last_counted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Place in the walking order of its zone (ascending; null: after the placed ones, by name). */
    walkPosition: integer('walk_position'),
    /** The review accepted the count as it stood at this moment; a later count brings its flags back. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /**
     * The list version the last write of this row made (decision 0090): set by the database on every insert and update
     * (trigger of migration 0008) to the list's version + 1, the version the change's `touch` then makes under the
     * list's row lock. A phone whose copy is whole at version n reads only the items changed since (> n).
     */
    changedVersion: integer('changed_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('inventory_list_items_article_idx').on(t.listId, t.articleNumber)],
);

export const INVENTORY_COUNT_KINDS = ['delta', 'set'] as const;

/**
 * Every count of an inventory list item as the device sent it (id from the device): a delta (a scan) or a set (a typed
 * number). The item's quantity is derived from these by the merge rule (docs/decisions/0025-count-merge.md).
 */
export const inventoryCountEvents = pgTable(
  'inventory_count_events',
  {
    id: uuid('id').primaryKey(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryListItems.id, { onDelete: 'cascade' }),
    listId: uuid('list_id')
      .notNull()
      .references(() => inventoryLists.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    deviceId: text('device_id').notNull(),
    kind: text('kind', { enum: INVENTORY_COUNT_KINDS }).notNull(),
    /** The number as entered, in `unit`. */
    value: numeric('value', { precision: 12, scale: 3 }).notNull(),
    unit: text('unit', { enum: UNITS }).notNull(),
    /** The same in pieces (× pieces per carton for cartons). */
    pieces: numeric('pieces', { precision: 16, scale: 3 }).notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inventory_count_events_item_idx').on(t.itemId, t.countedAt),
    index('inventory_count_events_list_idx').on(t.listId),
  ],
);
