import { useTranslation } from 'react-i18next';
import type { STOCK_STATUSES } from '../../../contract/catalog';
import { cx } from '../cx';

type StockStatus = (typeof STOCK_STATUSES)[number];

const tones: Record<StockStatus, { badge: string; dot: string }> = {
  in_stock: {
    badge:
      'bg-green-50 text-green-800 ring-green-600/30 dark:bg-green-950/60 dark:text-green-200 dark:ring-green-400/30',
    dot: 'bg-green-600 dark:bg-green-400',
  },
  few_left: {
    badge:
      'bg-amber-50 text-amber-900 ring-amber-600/40 dark:bg-amber-950/60 dark:text-amber-100 dark:ring-amber-400/30',
    dot: 'bg-amber-500 dark:bg-amber-300',
  },
  out_of_stock: {
    badge: 'bg-red-50 text-red-800 ring-red-600/30 dark:bg-red-950/60 dark:text-red-200 dark:ring-red-400/30',
    dot: 'bg-red-600 dark:bg-red-400',
  },
};

/** In stock / a few left / out of stock: a coloured dot and the words (never colour alone). */
export function StockBadge({ status, className }: { status: StockStatus; className?: string }) {
  const { t } = useTranslation('catalog');
  const tone = tones[status];
  return (
    <span
      data-testid="stock-status"
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tone.badge,
        className,
      )}
    >
      <span aria-hidden="true" className={cx('size-2 rounded-full', tone.dot)} />
      {t(`stock.${status}`)}
    </span>
  );
}
