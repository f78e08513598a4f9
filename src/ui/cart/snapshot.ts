import type { CustomerPrice } from '../../../contract/catalog';
import type { CartPriceSnapshot, CartProductSnapshot } from '../../offline/cart';

/** What a page knows of a product it offers for the cart (product page, search hit, popular article …). */
export interface CartableProduct {
  id: string;
  sku: string;
  name: string;
  unit: 'piece' | 'carton';
  piecesPerCarton: number;
  slug?: string;
  brandName?: string;
  imageUrl?: string | null;
  images?: readonly { url: string }[];
  wholeUnitsOnly?: boolean;
  discontinued?: boolean;
  expired?: boolean;
  expiresAt?: string | null;
  stockStatus?: CartProductSnapshot['stockStatus'];
  vatRate?: number;
  replacement?: { id: string; slug: string; name: string; sku?: string } | null;
  /** The public list price of one sales unit (product page: publicPrice; hit: price). */
  publicPrice?: number;
  price?: number;
}

/**
 * The product as a cart line shows it before the server has answered. Fields a page does not have get neutral values
 * (the server's answer replaces the line anyway); the VAT rate only feeds the device's estimate of the totals.
 */
export function cartSnapshotOf(product: CartableProduct): CartProductSnapshot {
  return {
    id: product.id,
    sku: product.sku,
    slug: product.slug ?? '',
    name: product.name,
    brandName: product.brandName ?? '',
    imageUrl: product.imageUrl ?? product.images?.[0]?.url ?? null,
    unit: product.unit,
    piecesPerCarton: product.piecesPerCarton,
    wholeUnitsOnly: product.wholeUnitsOnly ?? false,
    stockStatus: product.stockStatus ?? 'in_stock',
    discontinued: product.discontinued ?? false,
    expired: product.expired ?? false,
    expiresAt: product.expiresAt ?? null,
    replacement: product.replacement
      ? {
          id: product.replacement.id,
          slug: product.replacement.slug,
          name: product.replacement.name,
          sku: product.replacement.sku ?? '',
        }
      : null,
    vatRate: product.vatRate ?? 12,
  };
}

/** The price the line shows until the server answers: the company's price when known, else the list price. */
export function cartPriceOf(product: CartableProduct, price: CustomerPrice | undefined): CartPriceSnapshot | null {
  if (price) return { price: price.price, listPrice: price.listPrice, kind: price.kind };
  const list = product.publicPrice ?? product.price;
  return list === undefined ? null : { price: list, listPrice: list, kind: 'list' };
}
