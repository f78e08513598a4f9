import { errorMessage } from '../../api/error-message';
import { translateMessageKey } from '../../lib/message-keys';
import { MutationError, offlineDb } from '../../offline';
import { mutateCart, type CartChange, type CartMutationResult } from '../../offline/cart';
import { toast } from '../toast-queue';

/**
 * Every change to the cart goes through the offline engine: one local transaction writes the mirror and the outbox
 * entry; the sync controller sends it (at once when online, else when the network is back).
 */
export function changeCart(change: CartChange): Promise<CartMutationResult> {
  return mutateCart(offlineDb(), change);
}

/** Notices that come with a change, e.g. a quantity rounded to whole units (SPEC §5), as the server will answer. */
export function showCartNotices(result: CartMutationResult): void {
  for (const notice of result.notices) toast.show({ tone: 'info', title: notice.message, id: notice.code });
}

/** The Swedish text of a refused change (the engine's message, with a field's message when it names one). */
export function cartErrorText(error: unknown): string {
  if (!(error instanceof MutationError)) return errorMessage(error);
  const field = error.fields[0];
  return field ? translateMessageKey(field.message) || error.message : error.message;
}

/** Runs a change, shows its notices, and a toast with the reason when it is refused. Null when refused. */
export async function tryChangeCart(change: CartChange): Promise<CartMutationResult | null> {
  try {
    const result = await changeCart(change);
    showCartNotices(result);
    return result;
  } catch (error) {
    toast.error(cartErrorText(error), { id: 'cart-error' });
    return null;
  }
}
