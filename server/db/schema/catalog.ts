import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { companies } from './accounts';
import { createdAt, id, ore, updatedAt } from './columns';

export const UNITS = ['piece', 'carton'] as const;
export const STOCK_STATUSES = ['in_stock', 'few_left', 'out_of_stock'] as const;
export const PRICE_KINDS = ['agreement', 'campaign', 'tender'] as const;

export const categories = pgTable(
  'categories',
  {
    id: id(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_slug_idx').on(t.slug)],
);

export type Nutrient = { name: string; per100: string };
export type DataSheet = { name: string; url: string };
export type ProductImage = { url: string; width: number; height: number; alt: string };

export const products = pgTable(
  'products',
  {
    id: id(),
    sku: text('sku').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    brandName: text('brand_name').notNull(),
    description: text('description'),
    /** Catalogue storage zone: Kyl, Frys, Torrt, Dryck, Non food. */
    zoneName: text('zone_name').notNull(),
    accreditationLabels: text('accreditation_labels').array().notNull().default([]),
    /** Unit the product is sold in; a carton holds `piecesPerCarton` pieces. */
    unit: text('unit', { enum: UNITS }).notNull(),
    piecesPerCarton: integer('pieces_per_carton').notNull().default(1),
    /** Sold only in whole numbers: a fractional quantity is rounded with a notice. */
    wholeUnitsOnly: boolean('whole_units_only').notNull().default(true),
    /** List price of one sales unit, öre, excluding VAT. */
    publicPrice: ore('public_price').notNull(),
    /** Comparison price per comparison unit (kg, l, st), öre. */
    comparisonPrice: ore('comparison_price').notNull(),
    comparisonUnit: text('comparison_unit').notNull(),
    vatRate: integer('vat_rate').notNull(),
    priceValidUntil: date('price_valid_until'),
    latinName: text('latin_name'),
    requisition: boolean('requisition').notNull().default(false),
    stockStatus: text('stock_status', { enum: STOCK_STATUSES }).notNull().default('in_stock'),
    discontinued: boolean('discontinued').notNull().default(false),
    replacementProductId: uuid('replacement_product_id').references((): AnyPgColumn => products.id, {
      onDelete: 'set null',
    }),
    /** Best-before/expiry of the sellable batch; a product past it is flagged as expired. */
    expiresAt: date('expires_at'),
    origin: text('origin'),
    alcoholPercentage: numeric('alcohol_percentage', { precision: 4, scale: 1 }),
    vintage: integer('vintage'),
    temperatureMin: integer('temperature_min'),
    temperatureMax: integer('temperature_max'),
    packageSize: text('package_size'),
    packageType: text('package_type'),
    nutrients: jsonb('nutrients').$type<Nutrient[]>().notNull().default([]),
    ingredients: text('ingredients'),
    dataSheets: jsonb('data_sheets').$type<DataSheet[]>().notNull().default([]),
    images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
    gtinPiece: text('gtin_piece'),
    gtinCarton: text('gtin_carton'),
    /** Sales rank input for "best seller". */
    popularity: integer('popularity').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sku_idx').on(t.sku),
    uniqueIndex('products_slug_idx').on(t.slug),
    index('products_gtin_piece_idx').on(t.gtinPiece),
    index('products_gtin_carton_idx').on(t.gtinCarton),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_cat_idx').on(t.categoryId)],
);

/** A company's own price for a product: agreement (price list), campaign or tender (agreement article). */
export const companyPrices = pgTable(
  'company_prices',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PRICE_KINDS }).notNull(),
    price: ore('price').notNull(),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.productId, t.kind] }),
    index('company_prices_product_idx').on(t.productId),
  ],
);

/** "My articles": a company's own products, not bought from the wholesaler. */
export const companyProducts = pgTable(
  'company_products',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    articleNumber: text('article_number').notNull(),
    unit: text('unit', { enum: UNITS }).notNull().default('piece'),
    piecesPerCarton: integer('pieces_per_carton').notNull().default(1),
    price: ore('price').notNull().default(0),
    account: text('account'),
    zone: text('zone'),
    gtin: text('gtin'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('company_products_article_idx').on(t.companyId, t.articleNumber)],
);
