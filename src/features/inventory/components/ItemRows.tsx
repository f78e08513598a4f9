import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSek, formatSignedSek } from '../../../lib/money';
import type { MirrorInventoryItem } from '../../../offline/inventory/tables';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import type { Row } from '../logic';
import { CountQuantity } from './CountQuantity';
import { CountedBy } from './CountedBy';
import { PendingBadge } from './PendingBadge';

const number = (n: number) => n.toLocaleString('sv-SE', { maximumFractionDigits: 3 });

interface ItemRowsProps {
  rows: Row<MirrorInventoryItem>[];
  onEdit: (item: MirrorInventoryItem) => void;
  onRemove: (item: MirrorInventoryItem) => void;
  onResolve: (item: MirrorInventoryItem) => void;
  /** A closed list (decision 0062): the rows are read, not changed, so they offer no edit, remove or resolve. */
  readOnly?: boolean;
}

/**
 * The list's items (and group headings with subtotals), virtualized against the window: a 5 000-item list renders
 * the rows on screen only, so it opens fast and scrolls smoothly on a phone.
 */
export function ItemRows({ rows, onEdit, onRemove, onResolve, readOnly = false }: ItemRowsProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    setOffset(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (i) => (rows[i]?.kind === 'group' ? 52 : 112),
    overscan: 8,
    scrollMargin: offset,
    getItemKey: (i) => {
      const row = rows[i]!;
      return row.kind === 'item' ? row.item.id : `group-${row.key ?? '-'}`;
    },
  });
  const items = virtualizer.getVirtualItems();

  return (
    <ul
      ref={listRef}
      className="relative mt-4 rounded-2xl border border-gray-200 bg-white shadow-sm dark:border-gray-700 dark:bg-gray-900"
      style={{ height: virtualizer.getTotalSize() }}
      data-testid="inventory-items"
    >
      {items.map((v) => {
        const row = rows[v.index]!;
        return (
          <li
            key={v.key}
            data-index={v.index}
            ref={virtualizer.measureElement}
            className="absolute top-0 left-0 w-full"
            style={{ transform: `translateY(${v.start - virtualizer.options.scrollMargin}px)` }}
            aria-setsize={rows.length}
            aria-posinset={v.index + 1}
          >
            {row.kind === 'group' ? (
              <GroupHeading
                label={row.label}
                subtotal={row.subtotal}
                varianceValue={row.varianceValue}
                count={row.itemCount}
              />
            ) : (
              <ItemRow item={row.item} onEdit={onEdit} onRemove={onRemove} onResolve={onResolve} readOnly={readOnly} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function GroupHeading({
  label,
  subtotal,
  varianceValue,
  count,
}: {
  label: string;
  subtotal: number;
  varianceValue: number | null;
  count: number;
}) {
  const { t } = useTranslation('inventory');
  return (
    <div
      className="flex items-baseline justify-between gap-3 border-b border-gray-200 bg-gray-50 px-4 py-3 dark:border-gray-700 dark:bg-gray-800"
      data-testid="inventory-group"
    >
      <h3 className="font-bold text-gray-950 dark:text-white">
        {label} <span className="font-normal text-gray-600 dark:text-gray-300">({count})</span>
      </h3>
      <span className="text-right font-semibold text-gray-950 tabular-nums dark:text-white">
        {formatSek(subtotal)}
        {varianceValue !== null && (
          <span className="block text-sm font-normal text-gray-700 dark:text-gray-300" data-testid="group-variance">
            {t('items.varianceValue', { value: formatSignedSek(varianceValue) })}
          </span>
        )}
      </span>
      <span className="sr-only">{t('totals.group', { label, value: formatSek(subtotal), count })}</span>
    </div>
  );
}

const ItemRow = memo(function ItemRow({
  item,
  onEdit,
  onRemove,
  onResolve,
  readOnly,
}: {
  item: MirrorInventoryItem;
  onEdit: (item: MirrorInventoryItem) => void;
  onRemove: (item: MirrorInventoryItem) => void;
  onResolve: (item: MirrorInventoryItem) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('inventory');
  const unit = t(`items.units.${item.unit}`);
  return (
    <div
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-b border-gray-200 px-4 py-3 dark:border-gray-700"
      data-testid="inventory-item"
      data-item-id={item.id}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 font-semibold break-words text-gray-950 dark:text-white">
          <span data-testid="item-name">{item.name}</span>
          {item.pending && <PendingBadge />}
          {item.conflict && (
            <span
              className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-900/50 dark:text-red-100"
              title={t('items.conflictHint')}
              data-testid="item-conflict"
            >
              {t('items.conflict')}
            </span>
          )}
        </p>
        <p className="text-sm text-gray-600 dark:text-gray-300">
          {t('items.articleNumber')} {item.articleNumber} · {formatSek(item.price)} / {unit}
        </p>
        <p className="text-sm text-gray-600 dark:text-gray-300">
          {t('items.zone')}: {item.zone ?? t('items.noZone')} · {t('items.account')}:{' '}
          {item.account ? `${item.account}${item.accountName ? ` ${item.accountName}` : ''}` : t('items.noAccount')}
          {item.parLevel !== null && ` · ${t('items.parLevel')}: ${number(item.parLevel)} ${unit}`}
        </p>
        <CountedBy item={item} />
      </div>
      {/* At most half a phone's width: the count and the variance wrap rather than squeeze the name. */}
      <div className="max-w-[45vw] text-right sm:max-w-none">
        <p className="text-lg font-bold text-gray-950 tabular-nums dark:text-white">
          {item.counted ? (
            <CountQuantity
              quantity={item.quantity}
              unit={item.unit}
              piecesPerCarton={item.piecesPerCarton}
              testId="item-quantity"
            />
          ) : (
            <span data-testid="item-quantity">{t('items.notCounted')}</span>
          )}
        </p>
        <p className="text-sm text-gray-700 tabular-nums dark:text-gray-300" data-testid="item-value">
          {formatSek(item.stockValue)}
        </p>
        {item.variance !== null && item.variance !== 0 && (
          <p
            className={cx(
              'text-sm tabular-nums',
              item.variance < 0 ? 'text-red-700 dark:text-red-300' : 'text-green-800 dark:text-green-300',
            )}
            data-testid="item-variance"
          >
            {t('items.variance')}{' '}
            <CountQuantity quantity={item.variance} unit={item.unit} piecesPerCarton={item.piecesPerCarton} signed />
            {item.varianceValue !== null && <span className="block">{formatSignedSek(item.varianceValue)}</span>}
          </p>
        )}
      </div>
      {!readOnly && (
        <div className="col-span-2 mt-1 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            onPress={() => onEdit(item)}
            aria-label={t('items.edit', { name: item.name })}
          >
            {t('items.editShort')}
          </Button>
          {item.conflict && (
            <Button size="sm" variant="secondary" onPress={() => onResolve(item)}>
              {t('items.conflictResolve')}
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            onPress={() => onRemove(item)}
            aria-label={t('items.remove', { name: item.name })}
            className="text-red-800 dark:text-red-300"
          >
            {t('items.removeShort')}
          </Button>
        </div>
      )}
    </div>
  );
});
