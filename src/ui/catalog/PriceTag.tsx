import { useTranslation } from 'react-i18next';
import type { CustomerPrice } from '../../../contract/catalog';
import { formatDate } from '../../../contract/rules/swedish-dates';
import { formatSek } from '../../lib/money';
import { cx } from '../cx';

export interface PriceTagProps {
  /** The public list price of one sales unit (öre, excl. VAT). */
  listPrice: number;
  comparisonPrice: number;
  comparisonUnit: string;
  unit: 'piece' | 'carton';
  /** The company's price, when a logged-in user with a company has it. */
  customerPrice?: Pick<CustomerPrice, 'price' | 'comparisonPrice' | 'kind' | 'validTo' | 'listPrice'> | undefined;
  size?: 'sm' | 'lg';
  className?: string;
  /**
   * The company's price is still on its way: a placeholder stands where it goes, so that a list price is never shown
   * first and then replaced (issue #16: the results are drawn at once, their prices filled in as they come).
   */
  pending?: boolean;
}

/**
 * A price: the company's own (with its kind and last day) when there is one, the list price beside it when it is
 * lower; otherwise the list price. Always excluding VAT, with the comparison price.
 */
export function PriceTag({
  listPrice,
  comparisonPrice,
  comparisonUnit,
  unit,
  customerPrice,
  size = 'sm',
  className,
  pending = false,
}: PriceTagProps) {
  const { t } = useTranslation('catalog');
  if (pending && !customerPrice) return <PricePlaceholder large={size === 'lg'} className={className} />;
  const own = customerPrice && customerPrice.kind !== 'list' ? customerPrice : undefined;
  const price = own?.price ?? listPrice;
  const comparison = own?.comparisonPrice ?? comparisonPrice;
  const lower = own && own.price < (own.listPrice || listPrice);
  const percent = lower ? Math.round((1 - own.price / (own.listPrice || listPrice)) * 100) : 0;
  const large = size === 'lg';

  return (
    <div className={cx('flex flex-col gap-0.5', className)} data-testid="price">
      {own && (
        <span
          data-testid="price-kind"
          className={cx(
            'w-fit rounded px-1.5 py-0.5 font-semibold',
            large ? 'text-sm' : 'text-xs',
            own.kind === 'campaign'
              ? 'bg-red-700 text-white dark:bg-red-600'
              : 'bg-primary-700 text-white dark:bg-primary-600',
          )}
        >
          {t(`price.kind.${own.kind}`)}
        </span>
      )}
      {!own && large && (
        // On the product page the price says what it is, as a company price does; a card keeps it for screen readers.
        <span
          data-testid="price-kind"
          className="w-fit rounded bg-gray-100 px-1.5 py-0.5 text-sm font-semibold text-gray-800 ring-1 ring-gray-300 ring-inset dark:bg-gray-800 dark:text-gray-100 dark:ring-gray-600"
        >
          {t('price.listPrice')}
        </span>
      )}
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        {(own || !large) && <span className="sr-only">{own ? t('price.yourPrice') : t('price.listPrice')}:</span>}
        <span
          data-testid="price-amount"
          className={cx(
            'font-bold tabular-nums',
            large ? 'text-3xl' : 'text-lg',
            own ? 'text-primary-800 dark:text-primary-200' : 'text-gray-950 dark:text-white',
          )}
        >
          {formatSek(price)}
        </span>
        <span className={cx('text-gray-700 dark:text-gray-300', large ? 'text-sm' : 'text-xs')}>
          {unit === 'carton' ? t('unit.perCarton') : t('unit.perPiece')}, {t('price.exclVat')}
        </span>
      </p>
      {lower && (
        <p className={cx('text-gray-700 dark:text-gray-300', large ? 'text-sm' : 'text-xs')} data-testid="list-price">
          <s>{t('price.was', { price: formatSek(own.listPrice || listPrice) })}</s>
          {percent > 0 && (
            <span className="ml-1.5 font-semibold text-green-800 dark:text-green-300">
              {t('price.saving', { percent })}
            </span>
          )}
        </p>
      )}
      <p className={cx('text-gray-700 dark:text-gray-300', large ? 'text-sm' : 'text-xs')}>
        {t('price.comparison', { price: formatSek(comparison), unit: comparisonUnit })}
      </p>
      {own?.validTo && large && (
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {t('price.companyValidUntil', { date: formatDate(own.validTo) })}
        </p>
      )}
    </div>
  );
}

/** Where a price is coming: a grey bar of the price's height, and the words for everyone (screen readers too). */
function PricePlaceholder({ large, className }: { large: boolean; className?: string | undefined }) {
  const { t } = useTranslation('catalog');
  return (
    <div className={cx('flex flex-col gap-1', className)} data-testid="price-pending" aria-busy="true">
      <span
        aria-hidden="true"
        className={cx('block animate-pulse rounded bg-gray-200 dark:bg-gray-700', large ? 'h-9 w-40' : 'h-7 w-28')}
      />
      <p className={cx('text-gray-700 dark:text-gray-300', large ? 'text-sm' : 'text-xs')}>{t('price.pending')}</p>
    </div>
  );
}
