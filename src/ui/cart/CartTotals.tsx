import { useTranslation } from 'react-i18next';
import type { CartTotals as Totals } from '../../../contract/cart';
import type { OrderTotals } from '../../../contract/orders';
import { formatSek } from '../../lib/money';
import { cx } from '../cx';

export interface CartTotalsProps {
  totals: Totals | OrderTotals;
  /** The device's estimate while changes wait (the server's figures replace it). */
  estimated?: boolean;
  className?: string;
}

/** Subtotal, discount, shipping, other costs, VAT per rate and the total — every figure as the server computed it. */
export function CartTotals({ totals, estimated, className }: CartTotalsProps) {
  const { t } = useTranslation('cart');
  const row = 'flex items-baseline justify-between gap-4 py-1';
  const left = 'leftToFreeShipping' in totals ? totals.leftToFreeShipping : 0;
  return (
    <div className={className} data-testid="cart-totals">
      <dl className="text-sm text-gray-800 dark:text-gray-200">
        <div className={row}>
          <dt>{t('totals.subtotal')}</dt>
          <dd className="tabular-nums" data-testid="totals-subtotal">
            {formatSek(totals.subtotal)}
          </dd>
        </div>
        {totals.discount > 0 && (
          <div className={row}>
            <dt>{t('totals.discount')}</dt>
            <dd className="tabular-nums">−{formatSek(totals.discount)}</dd>
          </div>
        )}
        <div className={row}>
          <dt>{t('totals.shipping')}</dt>
          <dd className="tabular-nums" data-testid="totals-shipping">
            {totals.shipping > 0 || totals.subtotal === 0 ? formatSek(totals.shipping) : t('totals.freeShipping')}
          </dd>
        </div>
        {totals.otherCosts > 0 && (
          <div className={row}>
            <dt>{t('totals.otherCosts')}</dt>
            <dd className="tabular-nums">{formatSek(totals.otherCosts)}</dd>
          </div>
        )}
        {totals.vatLines.map((line) => (
          <div key={line.rate} className={row}>
            <dt>
              {t('totals.vat', { rate: line.rate })}{' '}
              <span className="text-gray-600 dark:text-gray-400">
                {t('totals.vatBase', { base: formatSek(line.base) })}
              </span>
            </dt>
            <dd className="tabular-nums">{formatSek(line.vat)}</dd>
          </div>
        ))}
        <div
          className={cx(
            row,
            'mt-1 border-t border-gray-200 pt-2 text-base font-bold text-gray-950 dark:border-gray-700 dark:text-white',
          )}
        >
          <dt>
            {t('totals.total')}
            {estimated && (
              <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-50">
                {t('totals.estimated')}
              </span>
            )}
          </dt>
          <dd className="tabular-nums" data-testid="totals-total">
            {formatSek(totals.total)}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">{t('totals.exVat')}</p>
      {left > 0 && totals.subtotal > 0 && (
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
          {t('totals.leftToFreeShipping', { amount: formatSek(left) })}
        </p>
      )}
    </div>
  );
}
