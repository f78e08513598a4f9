import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartUnit } from '../../../contract/cart';
import { usePrice } from '../../api/prices';
import { useSyncState } from '../../api/session/hooks';
import { Button } from '../Button';
import { tryChangeCart } from '../cart/cart-actions';
import { QuantityField } from '../cart/QuantityField';
import { cartPriceOf, cartSnapshotOf, type CartableProduct } from '../cart/snapshot';
import { UnitChoice } from '../cart/UnitChoice';
import { useActiveCart } from '../cart/use-active-cart';
import { cx } from '../cx';
import { toast } from '../toast-queue';
import type { AddToCartSlotProps } from './AddToCartProps';

const formatQuantity = (n: number) => n.toLocaleString('sv-SE', { maximumFractionDigits: 3 });

/**
 * "Lägg i varukorgen" for a logged-in visitor and an orderable product (AddToCartSlot decides): quantity, unit (when a
 * carton holds several pieces) and the button. The add goes through the offline engine (docs/decisions/0033), so it
 * works without a network and shows in the mini cart at once; a toast says what was added. Focus stays on the button,
 * so adding again is one more press.
 */
export function AddToCartControls({ product, variant = 'page', className }: AddToCartSlotProps) {
  const { t } = useTranslation('cart');
  const { companyCode, view } = useActiveCart();
  const { online } = useSyncState();
  const price = usePrice(product.id);
  const [quantity, setQuantity] = useState(1);
  const [unit, setUnit] = useState<CartUnit>(product.unit);
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  const card = variant === 'card';

  const inCart = (view?.cart?.items ?? [])
    .filter((i) => i.productId === product.id)
    .map((i) => `${formatQuantity(i.quantity)} ${t(i.unit === 'carton' ? 'unit.cartonShort' : 'unit.pieceShort')}`);

  async function add() {
    if (!companyCode || busy) return;
    setBusy(true);
    const result = await tryChangeCart({
      type: 'addProduct',
      companyCode,
      product: cartSnapshotOf(product as CartableProduct),
      quantity,
      unit,
      price: cartPriceOf(product as CartableProduct, price),
    });
    setBusy(false);
    if (!result) return;
    const line = result.cart.items.find((i) => i.itemId === result.id);
    toast.success(t('add.added', { name: product.name }), {
      id: 'cart-added',
      description: [
        t('add.addedDetail', {
          quantity: formatQuantity(line?.quantity ?? quantity),
          unit: t(unit === 'carton' ? 'unit.cartonShort' : 'unit.pieceShort'),
          count: result.cart.itemCount,
        }),
        online ? null : t('add.addedOffline'),
      ]
        .filter(Boolean)
        .join(' '),
    });
    setQuantity(1);
  }

  const cartons = product.piecesPerCarton > 1;
  return (
    <div
      data-slot="add-to-cart"
      data-variant={variant}
      className={cx('flex flex-col gap-2', className)}
      role="group"
      aria-label={t('add.button')}
    >
      <div className={cx('flex flex-wrap items-end gap-2', card && 'gap-1.5')}>
        <QuantityField
          value={quantity}
          onChange={setQuantity}
          label={t('add.quantity')}
          hideLabel={card}
          size={card ? 'sm' : 'md'}
          data-testid="add-to-cart-quantity"
        />
        {cartons && (
          <UnitChoice
            value={unit}
            onChange={setUnit}
            piecesPerCarton={product.piecesPerCarton}
            label={t('add.unit')}
            hideLabel={card}
            size={card ? 'sm' : 'md'}
          />
        )}
      </div>
      <Button
        onPress={() => void add()}
        isPending={busy}
        isDisabled={!companyCode}
        size={card ? 'sm' : 'md'}
        className="w-full"
        aria-describedby={inCart.length > 0 || !companyCode ? hintId : undefined}
        data-testid="add-to-cart"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5">
          <path d="M1 1.75A.75.75 0 0 1 1.75 1h1.628a1.75 1.75 0 0 1 1.734 1.51L5.18 3h11.07a.75.75 0 0 1 .728.932l-1.5 6a.75.75 0 0 1-.728.568H6.421l.16 1.2a.25.25 0 0 0 .248.217h8.421a.75.75 0 0 1 0 1.5H6.83a1.75 1.75 0 0 1-1.735-1.51L3.628 2.717a.25.25 0 0 0-.248-.217H1.75A.75.75 0 0 1 1 1.75ZM6 17.5a1.5 1.5 0 1 1 3 0 1.5 1.5 0 0 1-3 0ZM15.5 16a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z" />
        </svg>
        {t('add.button')}
      </Button>
      {(inCart.length > 0 || !companyCode) && (
        <p id={hintId} className="text-sm text-gray-700 dark:text-gray-300">
          {companyCode ? t('add.inCart', { quantity: inCart.join(' + ') }) : t('add.noCompany')}
        </p>
      )}
    </div>
  );
}
