import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsAuthenticated } from '../../api/session/hooks';
import { session } from '../../api/session/session';
import { paths } from '../../lib/paths';
import { preloadable } from '../../lib/preloadable';
import { cx } from '../cx';
import { LinkButton } from '../Link';
import type { AddToCartSlotProps } from './AddToCartProps';

/**
 * The controls themselves (React Aria's number field and radio group, the cart mirror and the offline engine, ≈ 100 KB
 * gzip) are a chunk of their own, fetched only for a logged-in visitor: a visitor who is not logged in sees no controls
 * (cards) or the way to log in (product page), and never downloads them (docs/decisions/0021-first-load-budget.md).
 */
const controls = preloadable(() => import('./AddToCartControls').then((m) => m.AddToCartControls));

/** Starts fetching the cart controls when the visitor is logged in (the routes that show products call it). */
export function preloadAddToCart(): void {
  if (session.get()) void controls.preload().catch(() => undefined);
}

/**
 * "Lägg i varukorgen": quantity, unit (when a carton holds several pieces) and the button, for a logged-in visitor and
 * an orderable product; the way to log in on the product page; nothing on a card before login.
 */
export function AddToCartSlot({ product, orderable = true, variant = 'page', className }: AddToCartSlotProps) {
  const authenticated = useIsAuthenticated();
  const card = variant === 'card';

  if (!authenticated) return card ? null : <LoginToOrder className={className} />;
  if (!orderable || product.discontinued) return <NotOrderable className={className} />;
  return (
    <Suspense fallback={<ControlsPlaceholder card={card} className={className} />}>
      <controls.Component product={product} orderable={orderable} variant={variant} className={className} />
    </Suspense>
  );
}

function LoginToOrder({ className }: { className?: string }) {
  const { t } = useTranslation('cart');
  return (
    <LinkButton href={paths.login} variant="secondary" className={cx('w-full', className)}>
      {t('add.login')}
    </LinkButton>
  );
}

function NotOrderable({ className }: { className?: string }) {
  const { t } = useTranslation('cart');
  return (
    <p className={cx('text-sm font-medium text-gray-700 dark:text-gray-300', className)}>{t('add.notOrderable')}</p>
  );
}

/**
 * Holds the controls' place while their code arrives (a logged-in visitor whose route did not fetch it in time): the
 * quantity row (with its label on the product page) and the button, so that nothing moves when they replace it.
 */
function ControlsPlaceholder({ card, className }: { card: boolean; className?: string }) {
  return (
    <div aria-hidden="true" className={cx('flex flex-col gap-2', className)}>
      {card ? <div className="h-[2.375rem]" /> : <div className="h-[4.5rem]" />}
      <div className={card ? 'min-h-9' : 'min-h-11'} />
    </div>
  );
}
