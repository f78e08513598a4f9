import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MirrorItem, MirrorList } from '../../offline';
import { Button } from '../Button';
import { toast } from '../toast-queue';
import { tryChangeCart } from './cart-actions';
import { cartSnapshotOf } from './snapshot';

/**
 * "Lägg alla i varukorgen" for a purchase list: every line with a quantity goes into the cart of the list's company in
 * one change (PUT …/cart/products), through the offline engine. Discontinued articles are left out and counted.
 */
export function AddAllToCart({ list, items }: { list: MirrorList; items: readonly MirrorItem[] }) {
  const { t } = useTranslation('cart');
  const [busy, setBusy] = useState(false);
  const wanted = items.filter((i) => i.quantity > 0);
  const orderable = wanted.filter((i) => !i.discontinued);
  const skipped = wanted.length - orderable.length;

  async function addAll() {
    if (orderable.length === 0) {
      toast.warning(t('addAll.none'), { id: 'cart-add-all' });
      return;
    }
    setBusy(true);
    const result = await tryChangeCart({
      type: 'addProducts',
      companyCode: list.companyCode,
      items: orderable.map((item) => ({
        product: cartSnapshotOf({ ...item, id: item.productId }),
        quantity: item.quantity,
      })),
    });
    setBusy(false);
    if (!result) return;
    toast.success(t('addAll.added', { count: orderable.length }), {
      id: 'cart-add-all',
      ...(skipped > 0 ? { description: t('addAll.skipped', { count: skipped }) } : {}),
    });
  }

  return (
    <Button size="sm" onPress={() => void addAll()} isPending={busy} data-testid="add-all-to-cart">
      {t('addAll.button')}
    </Button>
  );
}
