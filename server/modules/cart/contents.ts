import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { cartItems, companyPrices, products } from '../../db/schema';
import type { CartProduct, CartUnit } from '../../../contract/cart';
import type { PriceRow } from '../prices/service';

export const replacementProducts = alias(products, 'replacement');

/** The first image's address (the cart shows one picture). */
const imageUrl = sql<string | null>`${products.images}->0->>'url'`;

/** A product as a cart line shows it, with its replacement (select with a left join of `replacementProducts`). */
export const productColumns = {
  productId: products.id,
  sku: products.sku,
  slug: products.slug,
  name: products.name,
  brandName: products.brandName,
  imageUrl,
  productUnit: products.unit,
  piecesPerCarton: products.piecesPerCarton,
  wholeUnitsOnly: products.wholeUnitsOnly,
  stockStatus: products.stockStatus,
  discontinued: products.discontinued,
  expiresAt: products.expiresAt,
  publicPrice: products.publicPrice,
  comparisonPrice: products.comparisonPrice,
  priceValidUntil: products.priceValidUntil,
  vatRate: products.vatRate,
  replacementId: replacementProducts.id,
  replacementSku: replacementProducts.sku,
  replacementSlug: replacementProducts.slug,
  replacementName: replacementProducts.name,
};

export type ProductColumns = {
  productId: string;
  sku: string;
  slug: string;
  name: string;
  brandName: string;
  imageUrl: string | null;
  productUnit: CartUnit;
  piecesPerCarton: number;
  wholeUnitsOnly: boolean;
  stockStatus: CartProduct['stockStatus'];
  discontinued: boolean;
  expiresAt: string | null;
  publicPrice: number;
  comparisonPrice: number;
  priceValidUntil: string | null;
  vatRate: number;
  replacementId: string | null;
  replacementSku: string | null;
  replacementSlug: string | null;
  replacementName: string | null;
};

/** A cart line with its product, as the lines' JSON carries it (quantity a JSON number, addedAt an ISO string). */
export type LineRow = ProductColumns & {
  itemId: string;
  lineNumber: number;
  quantity: number | string;
  unit: CartUnit;
  addedAt: string;
};

/** Lines and prices of a cart as read in one query. */
export type Contents = { lines: LineRow[]; prices: PriceRow[] };

/**
 * The lines of a cart with their products and replacements, in line order, as ONE json value (docs/decisions/0039): a
 * 200-line cart is 5 000 fields, which the drivers (PGlite above all) decode one by one far more slowly than one
 * JSON.parse of the same data. Keys are the LineRow fields. Correlated to the `carts` row of the outer query.
 */
export function linesJson() {
  return sql<LineRow[] | null>`(select json_agg(line) from (
      select ci.id as "itemId", ci.line_number as "lineNumber", ci.quantity, ci.unit, ci.created_at as "addedAt",
        p.id as "productId", p.sku, p.slug, p.name, p.brand_name as "brandName", p.images->0->>'url' as "imageUrl",
        p.unit as "productUnit", p.pieces_per_carton as "piecesPerCarton", p.whole_units_only as "wholeUnitsOnly",
        p.stock_status as "stockStatus", p.discontinued, p.expires_at as "expiresAt", p.public_price as "publicPrice",
        p.comparison_price as "comparisonPrice", p.price_valid_until as "priceValidUntil", p.vat_rate as "vatRate",
        r.id as "replacementId", r.sku as "replacementSku", r.slug as "replacementSlug", r.name as "replacementName"
      from ${cartItems} ci
      join ${products} p on p.id = ci.product_id
      left join ${products} r on r.id = p.replacement_product_id
      where ci.cart_id = "carts"."id"
      order by ci.line_number) line)`;
}

/**
 * The company's prices of every product in the cart (of the outer query's `carts` row) as one json value: all kinds and
 * periods; the price of the day is chosen by customerPrice, as everywhere else.
 */
export function pricesJson(companyId: string) {
  return sql<PriceRow[] | null>`(select json_agg(json_build_object(
      'productId', cp.product_id, 'kind', cp.kind, 'price', cp.price, 'validFrom', cp.valid_from, 'validTo', cp.valid_to))
    from ${companyPrices} cp
    where cp.company_id = ${companyId}
      and cp.product_id in (select ci.product_id from ${cartItems} ci where ci.cart_id = "carts"."id"))`;
}

/** The product of a line as the cart shows it (`today` decides whether it has expired). */
export function productView(r: ProductColumns, today: string): CartProduct {
  return {
    id: r.productId,
    sku: r.sku,
    slug: r.slug,
    name: r.name,
    brandName: r.brandName,
    imageUrl: r.imageUrl,
    unit: r.productUnit,
    piecesPerCarton: r.piecesPerCarton,
    wholeUnitsOnly: r.wholeUnitsOnly,
    stockStatus: r.stockStatus,
    discontinued: r.discontinued,
    expired: r.expiresAt !== null && r.expiresAt < today,
    expiresAt: r.expiresAt,
    replacement:
      r.replacementId === null
        ? null
        : { id: r.replacementId, sku: r.replacementSku!, slug: r.replacementSlug!, name: r.replacementName! },
    vatRate: r.vatRate,
  };
}
