import { useLiveQuery } from 'dexie-react-hooks';
import { offlineDb, type OfflineDb } from '../schema';
import { readMirror } from './state';
import type { MirrorCart } from './tables';

/** SPEC §3: the cart's fetch status — idle until the server's cart was read for the company, then success. */
export type CartStatus = 'idle' | 'success';

export interface CartView {
  status: CartStatus;
  /** The cart as the UI shows it (the server's with waiting changes on top); null before anything is known. */
  cart: MirrorCart | null;
}

/**
 * The cart of a company from the mirror (undefined while the database answers). The sync controller reads it from the
 * server when the company is chosen, after every drain and when the tab becomes visible.
 */
export function useCart(companyCode: string | null, db: OfflineDb = offlineDb()): CartView | undefined {
  return useLiveQuery(async (): Promise<CartView> => {
    if (!companyCode) return { status: 'idle', cart: null };
    const cart = await readMirror(db, companyCode);
    return { status: cart?.loaded ? 'success' : 'idle', cart };
  }, [companyCode, db]);
}
