import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ProductRow, SheetKind } from './pdf';

/** Where the catalogue's data sheet links point (`dataSheets[].url`). */
export const DATA_SHEET_PREFIX = '/datablad/';

/** Bump when the layout of the generated sheets changes, so that cached copies are replaced. */
const LAYOUT_VERSION = 1;

/** `<sku>.pdf` (product sheet) or `<sku>-sdb.pdf` (safety data sheet); anything else is not a sheet. */
const FILE = /^([A-Za-z0-9][A-Za-z0-9_.-]{0,63}?)(-sdb)?\.pdf$/;

export type DataSheetFile = {
  product: ProductRow;
  kind: SheetKind;
  /** The sheet's name in the catalogue, e.g. 'Produktblad' or 'Säkerhetsdatablad'. */
  title: string;
  /** Changes whenever the product or the layout does. */
  etag: string;
  /** A Swedish file name, e.g. 'Produktblad Laxfilé 4 kg 123456.pdf'. */
  fileName: string;
};

function fileNameOf(title: string, product: ProductRow): string {
  const name = `${title} ${product.name} ${product.sku}`
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${name.slice(0, 150)}.pdf`;
}

/** `variant`: anything else the generated text depends on (the customer service address in the safety sheet). */
export function createDataSheetService(db: DbOrTx, variant = '') {
  return {
    /**
     * The product and sheet behind `/datablad/<file>`: only a sheet the product lists in its `dataSheets` exists
     * (a safety data sheet only for the products that have one). 404 ProductNotFound otherwise.
     */
    async find(file: string): Promise<DataSheetFile> {
      const match = FILE.exec(file);
      if (!match) throw notFound('ProductNotFound');
      const [, base, sdb] = match as unknown as [string, string, string | undefined];
      const [product] = await db.select().from(products).where(eq(products.sku, base)).limit(1);
      const url = `${DATA_SHEET_PREFIX}${file}`;
      const sheet = product?.dataSheets.find((s) => s.url === url);
      if (!product || !sheet) throw notFound('ProductNotFound');
      const kind: SheetKind = sdb ? 'safety' : 'product';
      const etag = createHash('sha256')
        .update(`${LAYOUT_VERSION}:${variant}:${file}:${sheet.name}:${product.updatedAt.toISOString()}`)
        .digest('base64url')
        .slice(0, 27);
      return { product, kind, title: sheet.name, etag: `W/"${etag}"`, fileName: fileNameOf(sheet.name, product) };
    },
  };
}
