import { orderDetail, type OrderDetail } from '../../../contract/orders';

const KEY = 'skafferi.lastOrder';

/** The order just placed, kept for the confirmation page in this tab (a reload of the confirmation still shows it). */
export function rememberOrder(order: OrderDetail): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(order));
  } catch {
    // Private mode or full storage: the confirmation still gets the order through the navigation state.
  }
}

/** The order to confirm: from the navigation, else from this tab's storage; null when there is none. */
export function orderToConfirm(state: unknown): OrderDetail | null {
  const fromState = orderDetail.safeParse((state as { order?: unknown } | null)?.order);
  if (fromState.success) return fromState.data;
  try {
    const stored = sessionStorage.getItem(KEY);
    const parsed = stored ? orderDetail.safeParse(JSON.parse(stored)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}
