import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button as AriaButton } from 'react-aria-components';
import { formatSek } from '../../lib/money';
import { productPath } from '../../lib/paths';
import type { MirrorCartItem } from '../../offline/cart';
import { isBlockedLine } from '../../offline/cart';
import { cx } from '../cx';
import { Link } from '../Link';
import { toast } from '../toast-queue';
import { tryChangeCart } from './cart-actions';
import { QuantityField } from './QuantityField';
import { UnitChoice } from './UnitChoice';

export interface CartLinesProps {
  companyCode: string;
  items: readonly MirrorCartItem[];
  /** False on the checkout summary: quantities are shown, not changed. */
  editable?: boolean;
  /** Where focus goes when the last line is removed (e.g. the cart's heading). */
  onEmptied?: () => void;
  /** Called when a product link is followed (the drawer closes). */
  onNavigate?: () => void;
}

const quantityText = (n: number) => n.toLocaleString('sv-SE', { maximumFractionDigits: 3 });

/** The cart's lines: product, flags, quantity stepper and unit, A-price, row total, remove. */
export function CartLines({ companyCode, items, editable = true, onEmptied, onNavigate }: CartLinesProps) {
  const { t } = useTranslation('cart');
  const list = useRef<HTMLUListElement>(null);

  async function remove(item: MirrorCartItem, index: number) {
    const result = await tryChangeCart({ type: 'removeLine', companyCode, itemId: item.itemId });
    if (!result) return;
    toast.success(t('line.removed', { name: item.product.name }), { id: 'cart-removed' });
    // Focus goes to the next line's remove button (or the previous one, or out of the empty list).
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll<HTMLElement>('[data-remove-line]') ?? [];
      const next = buttons[Math.min(index, buttons.length - 1)];
      if (next) next.focus();
      else onEmptied?.();
    });
  }

  return (
    <ul
      ref={list}
      className="divide-y divide-gray-200 dark:divide-gray-700"
      aria-label={t('lines')}
      data-testid="cart-lines"
    >
      {items.map((item, index) => {
        const blocked = isBlockedLine(item);
        const unitShort = t(item.unit === 'carton' ? 'unit.cartonShort' : 'unit.pieceShort');
        return (
          <li
            key={item.itemId}
            className="flex flex-col gap-2 py-3"
            data-testid="cart-line"
            data-product-id={item.productId}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold break-words text-gray-950 dark:text-white">
                  {item.product.slug ? (
                    <Link
                      href={productPath(item.product.slug)}
                      onPress={onNavigate}
                      className="no-underline hover:underline"
                    >
                      {item.product.name}
                    </Link>
                  ) : (
                    item.product.name
                  )}
                </p>
                <p className="text-sm text-gray-700 dark:text-gray-300">
                  {t('line.articleNumber', { sku: item.product.sku })}
                  {item.aPrice !== null && (
                    <>
                      <span aria-hidden="true"> · </span>
                      {t('line.aPrice', { price: `${formatSek(item.aPrice)}/${unitShort}` })}
                    </>
                  )}
                </p>
                <div className="mt-1 flex flex-wrap gap-1.5">
                  {item.product.discontinued && <Flag tone="red">{t('line.discontinued')}</Flag>}
                  {item.product.expired && <Flag tone="red">{t('line.expired')}</Flag>}
                  {item.pending && <Flag tone="amber">{t('line.pending')}</Flag>}
                </div>
                {blocked && item.product.replacement && (
                  <p className="mt-1 text-sm">
                    <Link href={productPath(item.product.replacement.slug)} onPress={onNavigate}>
                      {t('line.replacement', { name: item.product.replacement.name })}
                    </Link>
                  </p>
                )}
              </div>
              <p className="shrink-0 text-right font-semibold text-gray-950 tabular-nums dark:text-white">
                <span className="sr-only">{t('line.rowTotal')}: </span>
                {item.rowTotal === null ? (
                  <span className="text-sm font-normal text-gray-600 dark:text-gray-400">{t('line.priceLater')}</span>
                ) : (
                  formatSek(item.rowTotal)
                )}
              </p>
            </div>
            {editable ? (
              <div className="flex flex-wrap items-center gap-2">
                <QuantityField
                  value={item.quantity}
                  minValue={0}
                  size="sm"
                  hideLabel
                  label={t('line.quantity', { name: item.product.name })}
                  onChange={(quantity) => {
                    if (quantity === item.quantity) return;
                    if (quantity === 0) void remove(item, index);
                    else void tryChangeCart({ type: 'setQuantity', companyCode, itemId: item.itemId, quantity });
                  }}
                  data-testid="cart-line-quantity"
                />
                {item.product.piecesPerCarton > 1 && (
                  <UnitChoice
                    size="sm"
                    hideLabel
                    label={t('line.unit', { name: item.product.name })}
                    value={item.unit}
                    piecesPerCarton={item.product.piecesPerCarton}
                    onChange={(unit) =>
                      void tryChangeCart({
                        type: 'setQuantity',
                        companyCode,
                        itemId: item.itemId,
                        quantity: item.quantity,
                        unit,
                      })
                    }
                  />
                )}
                <AriaButton
                  data-remove-line
                  onPress={() => void remove(item, index)}
                  aria-label={t('line.remove', { name: item.product.name })}
                  className={cx(
                    'ml-auto inline-flex size-9 items-center justify-center rounded-lg text-gray-700 hover:bg-red-50 hover:text-red-800',
                    'data-focus-visible:outline-2 data-focus-visible:outline-primary-600 dark:text-gray-300 dark:hover:bg-red-950 dark:hover:text-red-200',
                  )}
                >
                  <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
                    <path
                      fillRule="evenodd"
                      d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482l.149-.022.841 10.518A2.75 2.75 0 0 0 7.596 19h4.807a2.75 2.75 0 0 0 2.742-2.53l.841-10.52.149.023a.75.75 0 0 0 .23-1.482A41.03 41.03 0 0 0 14 4.193V3.75A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
                      clipRule="evenodd"
                    />
                  </svg>
                </AriaButton>
              </div>
            ) : (
              <p className="text-sm text-gray-700 dark:text-gray-300">
                {quantityText(item.quantity)} {unitShort}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Flag({ tone, children }: { tone: 'red' | 'amber'; children: string }) {
  return (
    <span
      className={cx(
        'rounded px-1.5 py-0.5 text-xs font-semibold',
        tone === 'red'
          ? 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100'
          : 'bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50',
      )}
    >
      {children}
    </span>
  );
}
