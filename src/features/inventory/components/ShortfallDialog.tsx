import { useTranslation } from 'react-i18next';
import { tryChangeCart } from '../../../ui/cart/cart-actions';
import { cartSnapshotOf } from '../../../ui/cart/snapshot';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { toast } from '../../../ui/toast-queue';
import type { ShortfallLine } from '../logic';

const number = (n: number) => n.toLocaleString('sv-SE', { maximumFractionDigits: 3 });

/**
 * "Beställ det som fattas": the items below their par level with what to order (whole cartons), and a button that
 * puts the orderable ones in the company's cart through the cart's offline engine (src/offline/cart).
 */
export function ShortfallDialog({
  companyCode,
  lines,
  onClose,
}: {
  companyCode: string;
  lines: ShortfallLine[];
  onClose: () => void;
}) {
  const { t } = useTranslation('inventory');
  const orderable = lines.filter((l) => l.productId && l.orderQuantity && l.orderUnit);

  const addToCart = async () => {
    const result = await tryChangeCart({
      type: 'addProducts',
      companyCode,
      items: orderable.map((l) => ({
        product: cartSnapshotOf({
          id: l.productId!,
          sku: l.articleNumber,
          name: l.name,
          unit: l.unit,
          piecesPerCarton: l.piecesPerCarton,
        }),
        quantity: l.orderQuantity!,
        unit: l.orderUnit!,
      })),
    });
    if (result) {
      toast.success(t('shortfall.added'), { id: 'inventory-shortfall' });
      onClose();
    }
  };

  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t('shortfall.heading')}>
      <p className="text-gray-700 dark:text-gray-300">{t('shortfall.lead')}</p>
      {lines.length === 0 ? (
        <p className="mt-4 font-medium text-gray-900 dark:text-gray-100">{t('shortfall.none')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200 dark:divide-gray-700" data-testid="shortfall-lines">
          {lines.map((l) => (
            <li key={l.itemId} className="flex items-start justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block font-medium break-words text-gray-950 dark:text-white">{l.name}</span>
                <span className="text-sm text-gray-600 dark:text-gray-300">
                  {l.articleNumber} · {number(l.quantity)} / {number(l.parLevel)} {t(`items.units.${l.unit}`)}
                </span>
              </span>
              <span className="shrink-0 font-semibold text-gray-950 dark:text-white">
                {l.orderQuantity !== null && l.orderUnit
                  ? t('shortfall.order', { quantity: number(l.orderQuantity), unit: t(`items.units.${l.orderUnit}`) })
                  : t('shortfall.notOrderable')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onPress={onClose}>
          {t('shortfall.close')}
        </Button>
        {orderable.length > 0 && <Button onPress={() => void addToCart()}>{t('shortfall.addToCart')}</Button>}
      </div>
    </Modal>
  );
}
