import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { v7 as uuidv7 } from 'uuid';
import { errorMessage } from '../../api/error-message';
import { downloadOrderPdf, orderDetailQuery, reorder } from '../../api/queries/orders';
import { useActiveCompany, useSyncState } from '../../api/session/hooks';
import { formatDateTime, formatWeekdayDate } from '../../../contract/rules/swedish-dates';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CartMessages } from '../../ui/cart/CartMessages';
import { cartDrawer } from '../../ui/cart/drawer-store';
import { OrderSummary } from '../../ui/cart/OrderSummary';
import { Link } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-queue';
import type { CartMessage } from '../../../contract/cart';
import { FactList } from '../../ui/FactList';

/** /profil/bestallningar/{orderNumber} — one order: facts, rows and totals, its PDF, and "Beställ igen". */
export function OrderDetailPage() {
  const { t } = useTranslation('orders');
  const { orderNumber = '' } = useParams();
  const company = useActiveCompany();
  const { online } = useSyncState();
  const query = useQuery({ ...orderDetailQuery(company.code ?? '', orderNumber), enabled: company.code !== null });
  const [skipped, setSkipped] = useState<CartMessage[]>([]);
  const [busy, setBusy] = useState<'pdf' | 'reorder' | null>(null);
  const reorderKey = useRef<string | null>(null);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-16 text-primary-700 dark:text-primary-300">
        <Spinner className="size-8" label={t('detail.loading')} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">
          {t('detail.heading', { orderNumber })}
        </h1>
        <Alert tone="error" className="mt-6">
          {errorMessage(query.error)}
        </Alert>
        <p className="mt-4">
          <Link href={paths.orders}>{t('detail.back')}</Link>
        </p>
      </div>
    );
  }
  const order = query.data;
  const none = t('none');
  const address = [
    order.address.name,
    order.address.street,
    [order.address.postalCode, order.address.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const facts: [string, string][] = [
    [t('detail.orderType'), t(`common:orderType.${order.orderType}`)],
    [t('detail.status'), t(`common:orderStatus.${order.status}`)],
    [t('detail.orderDate'), formatDateTime(order.orderDate)],
    [t('detail.deliveryDate'), formatWeekdayDate(order.deliveryDate)],
    [t('detail.reference'), order.reference ?? none],
    [t('detail.theirReference'), order.theirReference ?? none],
    [t('detail.user'), order.userName ?? none],
    ...(order.placedBy ? ([[t('detail.placedBy'), order.placedBy]] as [string, string][]) : []),
    [t('detail.address'), address || none],
  ];

  async function pdf() {
    setBusy('pdf');
    try {
      await downloadOrderPdf(order.orderNumber);
    } catch (error) {
      toast.error(t('detail.pdfFailed'), { description: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  async function again() {
    if (!company.code) return;
    if (!online) {
      toast.warning(t('detail.reorderOffline'));
      return;
    }
    setBusy('reorder');
    try {
      reorderKey.current ??= uuidv7();
      const cart = await reorder(company.code, order.orderNumber, reorderKey.current);
      reorderKey.current = null;
      setSkipped(cart.messages.filter((m) => m.code === 'ReorderSkipped'));
      toast.success(t('detail.reordered'), { id: 'reorder' });
      cartDrawer.open();
    } catch (error) {
      toast.error(errorMessage(error), { id: 'reorder' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">
          {t('detail.heading', { orderNumber: order.orderNumber })}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button onPress={() => void again()} isPending={busy === 'reorder'} data-testid="reorder">
            {t('detail.reorder')}
          </Button>
          <Button variant="secondary" onPress={() => void pdf()} isPending={busy === 'pdf'}>
            {t('detail.pdf')}
          </Button>
        </div>
      </div>
      {skipped.length > 0 && <CartMessages messages={skipped} className="mt-4 flex flex-col gap-2" />}
      <section aria-labelledby="facts-heading" className="mt-6">
        <h2 id="facts-heading" className="text-xl font-bold text-gray-950 dark:text-white">
          {t('detail.facts')}
        </h2>
        <FactList facts={facts} className="mt-3" />
      </section>
      <div className="mt-8">
        <OrderSummary order={order} />
      </div>
      <p className="mt-8">
        <Link href={paths.orders}>{t('detail.back')}</Link>
      </p>
    </div>
  );
}
