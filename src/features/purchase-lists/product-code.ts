import type { ProductLookup } from '../../../contract/catalog';
import type { MirrorItem, ProductSnapshot } from '../../offline';

/** What the number typed into "Lägg till artikel" is: an article number (SKU) or an EAN (piece or carton GTIN). */
export type LookupKind = 'articleNumber' | 'ean';

export type CodeCheck = { code: string } | { error: 'required' | 'eanInvalid' };

/** Trims the number (spaces inside an EAN, as printed under a barcode, are dropped) and checks its form. */
export function checkCode(kind: LookupKind, raw: string): CodeCheck {
  const code = kind === 'ean' ? raw.replace(/\s+/g, '') : raw.trim();
  if (code === '') return { error: 'required' };
  if (kind === 'ean' && !/^\d{8,14}$/.test(code)) return { error: 'eanInvalid' };
  return { code };
}

/** The catalogue fields a list line needs, from a lookup answer or a line already on a list. */
export function snapshotOf(source: ProductLookup | MirrorItem): ProductSnapshot {
  return {
    productId: source.productId,
    sku: source.sku,
    name: source.name,
    brandName: source.brandName,
    unit: source.unit,
    piecesPerCarton: source.piecesPerCarton,
    gtinPiece: source.gtinPiece,
    gtinCarton: source.gtinCarton,
    imageUrl: source.imageUrl,
    stockStatus: source.stockStatus,
    discontinued: source.discontinued,
    wholeUnitsOnly: source.wholeUnitsOnly,
  };
}

/** Whether a product has this article number or EAN, as the server matches (SKU exact; piece or carton GTIN). */
export function matchesCode(product: ProductSnapshot, kind: LookupKind, code: string): boolean {
  return kind === 'articleNumber' ? product.sku === code : product.gtinPiece === code || product.gtinCarton === code;
}
