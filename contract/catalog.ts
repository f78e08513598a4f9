import { z } from 'zod';
import { isoDate, isoDateTime, plainText } from './common';

import { MAX_PRICE_IDS, PRICE_KINDS, PRODUCT_UNITS, STOCK_STATUSES } from './catalog-constants';

export * from './catalog-constants';

export const slugParam = z.object({ slug: plainText.trim().min(1).max(200) });

/** A category in the tree; `productCount` counts each product once (products link to the leaf and every parent). */
export type CategoryNode = {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  productCount: number;
  children: CategoryNode[];
};

export const categoryNode: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    productCount: z.number().int(),
    children: z.array(categoryNode),
  }),
);

/** GET /v1/categories: the whole tree, top level first, each level in the catalogue's own order. */
export const categoryTree = z.object({ data: z.array(categoryNode) });
export type CategoryTree = z.infer<typeof categoryTree>;

export const categoryRef = z.object({ id: z.string(), slug: z.string(), name: z.string() });
export type CategoryRef = z.infer<typeof categoryRef>;

/** GET /v1/categories/{slug}: one category with its path from the top and its sub-categories. */
export const categoryDetail = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  productCount: z.number().int(),
  parent: categoryRef.nullable(),
  /** From the top-level category down to this one (this one included). */
  path: z.array(categoryRef),
  children: z.array(categoryRef.extend({ productCount: z.number().int() })),
  /** The search filter that lists this category's products (embedded or Typesense `filter_by`). */
  searchFilter: z.string(),
});
export type CategoryDetail = z.infer<typeof categoryDetail>;

export const nutrient = z.object({ name: z.string(), per100: z.string() });
export const dataSheet = z.object({ name: z.string(), url: z.string() });
export const productImage = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});

/** GET /v1/products/{slug}: every product attribute the spec names. Money in öre, excluding VAT. */
export const productDetail = z.object({
  id: z.string(),
  sku: z.string(),
  slug: z.string(),
  name: z.string(),
  brandName: z.string(),
  description: z.string().nullable(),
  /** From the top level down to the leaf the product belongs to. */
  categories: z.array(categoryRef),
  zoneName: z.string(),
  accreditationLabels: z.array(z.string()),
  unit: z.enum(PRODUCT_UNITS),
  piecesPerCarton: z.number().int(),
  wholeUnitsOnly: z.boolean(),
  /** Public list price of one sales unit (öre). */
  publicPrice: z.number().int(),
  /** Comparison price per `comparisonUnit` (öre). */
  comparisonPrice: z.number().int(),
  comparisonUnit: z.string(),
  vatRate: z.number().int(),
  priceValidUntil: isoDate.nullable(),
  latinName: z.string().nullable(),
  requisition: z.boolean(),
  stockStatus: z.enum(STOCK_STATUSES),
  discontinued: z.boolean(),
  /** The product to buy instead of a discontinued one, when there is one. */
  replacement: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
  expiresAt: isoDate.nullable(),
  /** True when `expiresAt` has passed (Stockholm date). */
  expired: z.boolean(),
  origin: z.string().nullable(),
  alcoholPercentage: z.number().nullable(),
  vintage: z.number().int().nullable(),
  temperatureMin: z.number().int().nullable(),
  temperatureMax: z.number().int().nullable(),
  packageSize: z.string().nullable(),
  packageType: z.string().nullable(),
  nutrients: z.array(nutrient),
  ingredients: z.string().nullable(),
  dataSheets: z.array(dataSheet),
  images: z.array(productImage),
  /** EAN-13 of one piece. */
  gtinPiece: z.string().nullable(),
  /** GTIN-14 or EAN-13 of a carton. */
  gtinCarton: z.string().nullable(),
  popularity: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type ProductDetail = z.infer<typeof productDetail>;

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `ids`: comma-separated product ids (a repeated `ids` parameter is accepted too), at most MAX_PRICE_IDS, each a
 * uuid. Duplicates are ignored.
 */
export const pricesQuery = z.object({
  company: plainText.trim().min(1, { message: 'validation.required' }).max(32),
  ids: z
    .union([plainText, z.array(plainText)])
    .transform((v) => (Array.isArray(v) ? v.join(',') : v))
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(uuidLike, { message: 'validation.invalid' }))
        .min(1, { message: 'validation.required' })
        .max(MAX_PRICE_IDS, { message: 'validation.tooBig' }),
    ),
});
export type PricesQuery = z.input<typeof pricesQuery>;

export const customerPrice = z.object({
  productId: z.string(),
  /** The company's price of one sales unit (öre, excluding VAT). */
  price: z.number().int(),
  /** Comparison price at that price (öre per comparison unit). */
  comparisonPrice: z.number().int(),
  kind: z.enum(PRICE_KINDS),
  /** Last day the price is valid, or null when open-ended. */
  validTo: isoDate.nullable(),
  /** The public list price, to show a discount against. */
  listPrice: z.number().int(),
});
export type CustomerPrice = z.infer<typeof customerPrice>;

/** GET /v1/products/prices: one entry per known product id asked for (unknown ids are left out). */
export const pricesResponse = z.object({ data: z.array(customerPrice) });
export type PricesResponse = z.infer<typeof pricesResponse>;

/** How a lookup code is matched: the article number (SKU), a piece or carton GTIN (EAN), or either. */
export const PRODUCT_LOOKUP_BY = ['articleNumber', 'ean'] as const;

/**
 * GET /v1/products/lookup?code=<article number or GTIN>[&by=articleNumber|ean]: one product by the number printed on a
 * shelf label or a package. Without `by` the article number is tried first, then the piece and carton GTINs.
 */
export const productLookupQuery = z.object({
  code: plainText.trim().min(1, { message: 'validation.required' }).max(50, { message: 'validation.tooLong' }),
  by: z.enum(PRODUCT_LOOKUP_BY).optional(),
});
export type ProductLookupQuery = z.input<typeof productLookupQuery>;

/** The catalogue fields a list line shows (the offline engine's product snapshot), and the product's slug. */
export const productLookup = z.object({
  productId: z.string(),
  slug: z.string(),
  sku: z.string(),
  name: z.string(),
  brandName: z.string(),
  unit: z.enum(PRODUCT_UNITS),
  piecesPerCarton: z.number().int(),
  gtinPiece: z.string().nullable(),
  gtinCarton: z.string().nullable(),
  imageUrl: z.string().nullable(),
  stockStatus: z.enum(STOCK_STATUSES),
  discontinued: z.boolean(),
  wholeUnitsOnly: z.boolean(),
});
export type ProductLookup = z.infer<typeof productLookup>;
