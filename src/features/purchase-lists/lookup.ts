import { productLookup } from '../../../contract/catalog';
import { api } from '../../api/api';
import { isApiError } from '../../api/api-error';
import { offlineDb, type OfflineDb, type ProductSnapshot } from '../../offline';
import { matchesCode, snapshotOf, type LookupKind } from './product-code';
import { catalog, pathTo } from '../../../contract/routes';

/** Products looked up online since the page loaded, by `kind:code`. */
const looked = new Map<string, ProductSnapshot>();

/**
 * A product this device has already seen: looked up earlier, or on any purchase list in the mirror (every company the
 * user has synced). What offline adding works from.
 */
export async function findSeenProduct(
  kind: LookupKind,
  code: string,
  db: OfflineDb = offlineDb(),
): Promise<ProductSnapshot | null> {
  const remembered = looked.get(`${kind}:${code}`);
  if (remembered) return remembered;
  const item = await db.purchaseListItems.filter((i) => matchesCode(i, kind, code)).first();
  return item ? snapshotOf(item) : null;
}

export type LookupResult =
  | { kind: 'found'; product: ProductSnapshot }
  | { kind: 'notFound' }
  /** Offline (or the server out of reach) and the device has not seen this product. */
  | { kind: 'offlineUnknown' }
  | { kind: 'failed'; error: unknown };

/**
 * Resolves a number to a product: online through GET /v1/products/lookup (fresh stock status), offline or when the
 * server cannot be reached from the products this device has already seen.
 */
export async function lookupProduct(kind: LookupKind, code: string, online: boolean): Promise<LookupResult> {
  if (online) {
    try {
      const answer = await api.request(pathTo(catalog.lookup), { query: { code, by: kind }, schema: productLookup });
      const product = snapshotOf(answer);
      looked.set(`${kind}:${code}`, product);
      return { kind: 'found', product };
    } catch (error) {
      if (isApiError(error) && error.status === 404) return { kind: 'notFound' };
      if (!isApiError(error) || !error.isNetworkError) return { kind: 'failed', error };
      // no answer: try what the device knows
    }
  }
  const seen = await findSeenProduct(kind, code);
  return seen ? { kind: 'found', product: seen } : { kind: 'offlineUnknown' };
}
