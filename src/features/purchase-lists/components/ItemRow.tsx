import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'react-aria-components';
import { formatShortDate } from '../../../../contract/rules/swedish-dates';
import type { MirrorItem } from '../../../offline';
import { cx } from '../../../ui/cx';
import { toast } from '../../../ui/toast-queue';
import { changeErrorText, changeList } from '../changes';
import { PendingBadge } from './PendingBadge';
import { QuantityField } from './QuantityField';

/** Columns of the wide layout, shared by the header row and every line. */
export const ITEM_GRID =
  'lg:grid lg:grid-cols-[minmax(0,1fr)_8.5rem_8rem_6.5rem_7rem_9.5rem_2.75rem] lg:items-center lg:gap-x-4';

const stockTone = {
  in_stock: 'bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100',
  few_left: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  out_of_stock: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
} as const;

export function useUnitText() {
  const { t } = useTranslation('purchase-lists');
  return (item: Pick<MirrorItem, 'unit' | 'piecesPerCarton'>) =>
    item.unit === 'carton'
      ? item.piecesPerCarton > 1
        ? t('units.cartonOf', { count: item.piecesPerCarton })
        : t('units.carton')
      : t('units.piece');
}

/** The product's picture; an empty tile when there is none or it cannot load (offline, not cached yet). */
function ItemImage({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  const tile = 'size-11 shrink-0 rounded-lg bg-gray-100 dark:bg-gray-800';
  if (!url || failed) return <span aria-hidden="true" className={tile} />;
  return (
    <img
      src={url}
      alt=""
      width={44}
      height={44}
      loading="lazy"
      onError={() => setFailed(true)}
      className={cx(tile, 'object-cover')}
    />
  );
}

/**
 * One line of a list. Narrow screens: a card (name, number, brand and unit; stock and date; quantity and remove).
 * Wide screens: a row under the column headings, each cell with its heading for screen readers.
 */
export function ItemRow({ item }: { item: MirrorItem }) {
  const { t } = useTranslation('purchase-lists');
  const unitText = useUnitText();
  const unit = unitText(item);
  const date = formatShortDate(item.addedAt);

  const remove = async () => {
    try {
      await changeList({ type: 'removeItem', listId: item.listId, itemId: item.id });
      toast.success(t('items.removed', { name: item.name }), { id: 'purchase-list' });
    } catch (error) {
      toast.error(changeErrorText(error), { id: 'purchase-list' });
    }
  };

  const stock = (
    <span
      className={cx(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        stockTone[item.stockStatus],
      )}
    >
      {t(`stock.${item.stockStatus}`)}
    </span>
  );

  return (
    <li
      data-testid="purchase-list-item"
      data-item-id={item.id}
      data-sku={item.sku}
      className={cx('flex flex-col gap-3 px-4 py-4 sm:px-5', ITEM_GRID, 'lg:py-3')}
    >
      <div className="flex min-w-0 gap-3">
        <ItemImage url={item.imageUrl} />
        <div className="min-w-0">
          <p className="font-semibold break-words text-gray-950 dark:text-white" data-testid="item-name">
            {item.name}
          </p>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            <span>{t('items.articleNumber', { sku: item.sku })}</span>
            <span className="lg:hidden">
              {' · '}
              {item.brandName} · {unit}
            </span>
          </p>
          {(item.pending || item.discontinued) && (
            <p className="mt-1 flex flex-wrap gap-1.5">
              {item.pending && <PendingBadge />}
              {item.discontinued && (
                <span className="inline-flex rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-900 dark:bg-gray-700 dark:text-gray-100">
                  {t('items.discontinued')}
                </span>
              )}
            </p>
          )}
        </div>
      </div>

      <div className="hidden text-gray-800 lg:block dark:text-gray-200">
        <span className="sr-only">{t('items.brand')}: </span>
        {item.brandName}
      </div>
      <div className="hidden text-gray-800 lg:block dark:text-gray-200">
        <span className="sr-only">{t('items.unit')}: </span>
        {unit}
      </div>
      <div className="hidden text-gray-800 tabular-nums lg:block dark:text-gray-200">
        <span className="sr-only">{t('items.added')}: </span>
        <time dateTime={item.addedAt}>{date}</time>
      </div>
      <div className="hidden lg:block">
        <span className="sr-only">{t('items.stock')}: </span>
        {stock}
      </div>

      {/* Narrow screens: stock and date on one line. */}
      <div className="flex flex-wrap items-center gap-2 text-sm text-gray-700 lg:hidden dark:text-gray-300">
        {stock}
        <span>
          {t('items.added')} <time dateTime={item.addedAt}>{date}</time>
        </span>
      </div>

      <div className="flex items-center justify-between gap-3 lg:contents">
        <QuantityField item={item} />
        <Button
          onPress={() => void remove()}
          aria-label={t('items.removeLabel', { name: item.name })}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-red-800 hover:bg-red-50 data-focus-visible:outline-2 data-focus-visible:outline-primary-600 lg:size-11 lg:justify-center lg:px-0 dark:text-red-300 dark:hover:bg-red-950 dark:data-focus-visible:outline-primary-300"
        >
          <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
            <path
              fillRule="evenodd"
              d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.44c-.8.08-1.58.18-2.36.3a.75.75 0 1 0 .22 1.49l.15-.02.8 10.42A2.75 2.75 0 0 0 7.55 19h4.9a2.75 2.75 0 0 0 2.74-2.54L16 6.04l.15.02a.75.75 0 0 0 .22-1.49c-.78-.12-1.57-.22-2.37-.3v-.52A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.67.03 2.5.08v-.33c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.33C8.33 4.03 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
              clipRule="evenodd"
            />
          </svg>
          <span className="lg:sr-only" aria-hidden="true">
            {t('items.remove')}
          </span>
        </Button>
      </div>
    </li>
  );
}
