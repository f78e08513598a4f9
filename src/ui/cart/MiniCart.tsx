import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button as AriaButton } from 'react-aria-components';
import { formatSek } from '../../lib/money';
import { cartDrawer, useCartDrawerOpen } from './drawer-store';
import { useActiveCart } from './use-active-cart';

/** The drawer (React Aria's modal, the date picker …) loads when first opened. */
const CartDrawer = lazy(() => import('./CartDrawer').then((m) => ({ default: m.CartDrawer })));

/** The header's mini cart: number of lines and the total, from the device's mirror; opens the cart drawer. */
export function MiniCart() {
  const { t } = useTranslation('cart');
  const { view } = useActiveCart();
  const open = useCartDrawerOpen();
  const cart = view?.cart ?? null;
  const count = cart?.itemCount ?? 0;
  const total = formatSek(cart?.totals.subtotal ?? 0);
  return (
    <>
      <AriaButton
        onPress={cartDrawer.open}
        aria-label={count > 0 ? t('open', { count, total }) : t('openEmpty')}
        data-testid="mini-cart"
        className="relative inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg px-2.5 text-gray-800 hover:bg-gray-100 data-focus-visible:outline-2 data-focus-visible:outline-primary-600 dark:text-gray-100 dark:hover:bg-gray-800"
      >
        <span className="relative">
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-6">
            <path d="M1 1.75A.75.75 0 0 1 1.75 1h1.628a1.75 1.75 0 0 1 1.734 1.51L5.18 3h11.07a.75.75 0 0 1 .728.932l-1.5 6a.75.75 0 0 1-.728.568H6.421l.16 1.2a.25.25 0 0 0 .248.217h8.421a.75.75 0 0 1 0 1.5H6.83a1.75 1.75 0 0 1-1.735-1.51L3.628 2.717a.25.25 0 0 0-.248-.217H1.75A.75.75 0 0 1 1 1.75ZM6 17.5a1.5 1.5 0 1 1 3 0 1.5 1.5 0 0 1-3 0ZM15.5 16a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z" />
          </svg>
          {count > 0 && (
            <span
              aria-hidden="true"
              data-testid="mini-cart-count"
              className="absolute -top-2 -right-2.5 min-w-5 rounded-full bg-primary-700 px-1 text-center text-xs leading-5 font-bold text-white dark:bg-primary-500"
            >
              {count}
            </span>
          )}
        </span>
        <span
          aria-hidden="true"
          className="hidden text-sm font-semibold tabular-nums sm:inline"
          data-testid="mini-cart-total"
        >
          {total}
        </span>
      </AriaButton>
      {open && (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      )}
    </>
  );
}
