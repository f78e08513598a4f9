import { useEffect, useSyncExternalStore } from 'react';
import type { CustomerPrice } from '../../../contract/catalog';
import { api } from '../api';
import { useCurrentUser, useIsAuthenticated } from '../session/hooks';
import { session } from '../session/session';
import { createPriceBatcher } from './batcher';
import { prices, pathTo } from '../../../contract/routes';

export { createPriceBatcher, PRICE_DEBOUNCE_MS, PRICE_MAX_WAIT_MS, type PriceBatcher } from './batcher';

// Only a signed-in user's cards ask for prices: the catalogue contract loads with their first answer (decision 0044).
const pricesResponse = () => import('../../../contract/catalog').then((m) => m.pricesResponse);

/** The app's price batcher: GET /v1/products/prices?company=…&ids=… (comma-separated, at most 200 per call). */
export const priceBatcher = createPriceBatcher({
  fetchPrices: (company, ids) =>
    api
      .request(pathTo(prices.prices), { query: { company, ids: ids.join(',') }, schema: pricesResponse })
      .then((answer) => answer.data),
});

// SPEC §4: becoming unauthenticated resets the stores, prices included.
session.subscribe((now) => {
  if (!now) priceBatcher.setCompany(null);
});

/** The company whose prices apply: the logged-in user's chosen company, else none (list prices). */
export function usePriceCompany(): string | null {
  const authenticated = useIsAuthenticated();
  const { data: user } = useCurrentUser();
  return authenticated ? (user?.defaultCompany ?? null) : null;
}

const subscribe = (listener: () => void) => priceBatcher.subscribe(listener);

/**
 * The chosen company's price of a product, or undefined: logged out, no company, not come yet, or the call failed
 * (show the list price then). Requests are batched across every product on the page.
 */
export function usePrice(productId: string | null | undefined): CustomerPrice | undefined {
  return usePriceState(productId).price;
}

/**
 * The price as `usePrice`, and whether it is still coming (`pending`): a card is drawn at once and shows a
 * placeholder where the company's price goes until it has come, rather than a list price that then changes.
 */
export function usePriceState(productId: string | null | undefined): {
  price: CustomerPrice | undefined;
  pending: boolean;
} {
  const company = usePriceCompany();
  useEffect(() => {
    priceBatcher.setCompany(company);
    if (company && productId) priceBatcher.request(productId);
  }, [company, productId]);
  const read = () => (company && productId ? priceBatcher.get(productId, company) : undefined);
  const readPending = () => !!company && !!productId && priceBatcher.pending(productId, company);
  const price = useSyncExternalStore(subscribe, read, read);
  const pending = useSyncExternalStore(subscribe, readPending, readPending);
  return { price, pending: pending && !price };
}
