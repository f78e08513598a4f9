import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { cart as cartSchema, type Cart } from '../../../contract/cart';
import {
  checkoutResponse,
  orderDetail,
  orderHistoryResponse,
  popularArticlesResponse,
  type CheckoutBody,
  type CheckoutResponse,
  type OrderStatus,
} from '../../../contract/orders';
import { config } from '../../lib/config';
import { offlineDb } from '../../offline';
import { adoptServerCart } from '../../offline/cart';
import { api } from '../api';
import { createApiClient, type ApiClient } from '../client';
import { endSessionRefused, renewSession, session } from '../session/session';
import { checkout, orders, popular, pathTo } from '../../../contract/routes';

/** The filters of GET …/order-history (contract/orders.ts orderHistoryQuery). */
export interface OrderHistoryParams {
  page?: number;
  pageSize?: number;
  status?: OrderStatus;
  from?: string;
  to?: string;
  q?: string;
}

/** The period of GET …/popular-articles (contract/orders.ts popularArticlesQuery). */
export interface PopularParams {
  from?: string;
  to?: string;
  limit?: number;
}

/**
 * A client like the app's `api`, whose requests carry one Idempotency-Key (docs/decisions/0006): a resend of the same
 * attempt — a double click, a retry after a lost answer — is answered from the server's store, never done twice.
 */
function idempotentClient(key: string): ApiClient {
  return createApiClient({
    baseUrl: config().apiBaseUrl,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Idempotency-Key', key);
      return fetch(input, { ...init, headers });
    },
    getToken: () => session.get()?.token ?? null,
    renewSession,
    onUnauthorized: endSessionRefused,
  });
}

/**
 * POST /v1/checkout/company/:code/cart with the attempt's Idempotency-Key: the cart becomes an order and is emptied.
 * The empty cart of the answer becomes the device's server copy (waiting changes, if any, stay on top).
 */
export async function placeOrder(companyCode: string, body: CheckoutBody, idempotencyKey: string) {
  const answer: CheckoutResponse = await idempotentClient(idempotencyKey).request(
    pathTo(checkout.checkout, { companyCode }),
    { method: 'POST', body, schema: checkoutResponse },
  );
  await adoptServerCart(offlineDb(), answer.cart);
  return answer;
}

/** POST …/order/:orderNumber/reorder: the order's rows into the cart; the answer (the whole cart) is stored. */
export async function reorder(companyCode: string, orderNumber: string, idempotencyKey: string): Promise<Cart> {
  const cart = await idempotentClient(idempotencyKey).request(pathTo(orders.reorder, { companyCode, orderNumber }), {
    method: 'POST',
    schema: cartSchema,
  });
  await adoptServerCart(offlineDb(), cart);
  return cart;
}

/** GET …/order-history — SPEC §5: nothing is requested without a company code. */
export const orderHistoryQuery = (companyCode: string, query: OrderHistoryParams) =>
  queryOptions({
    queryKey: ['company', companyCode, 'orders', query] as const,
    queryFn: ({ signal }) =>
      api.request(pathTo(orders.history, { companyCode }), {
        query: { ...query },
        schema: orderHistoryResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: companyCode !== '',
  });

/** GET …/order/:orderNumber */
export const orderDetailQuery = (companyCode: string, orderNumber: string) =>
  queryOptions({
    queryKey: ['company', companyCode, 'order', orderNumber] as const,
    queryFn: ({ signal }) =>
      api.request(pathTo(orders.detail, { companyCode, orderNumber }), {
        schema: orderDetail,
        signal,
      }),
    enabled: companyCode !== '',
  });

/** GET …/popular-articles */
export const popularArticlesQuery = (companyCode: string, query: PopularParams) =>
  queryOptions({
    queryKey: ['company', companyCode, 'popular', query] as const,
    queryFn: ({ signal }) =>
      api.request(pathTo(popular.popular, { companyCode }), {
        query: { ...query },
        schema: popularArticlesResponse,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: companyCode !== '',
  });

/** GET /v1/order/:orderNumber/export/pdf — the order as a PDF file, saved through a download link. */
export async function downloadOrderPdf(orderNumber: string): Promise<void> {
  const response = await api.response(pathTo(orders.pdf, { orderNumber }));
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `order-${orderNumber}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
