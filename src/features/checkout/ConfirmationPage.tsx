import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { formatDateTime, formatWeekdayDate } from '../../../contract/rules/swedish-dates';
import { paths } from '../../lib/paths';
import { OrderSummary } from '../../ui/cart/OrderSummary';
import { LinkButton } from '../../ui/Link';
import { orderToConfirm } from './last-order';
import { FactList } from '../../ui/FactList';

/** /kassa/bekraftelse — the order just placed; without one, the spec's NoOrderToConfirm text. */
export function ConfirmationPage() {
  const { t } = useTranslation('checkout');
  const { t: te } = useTranslation('errors');
  const location = useLocation();
  const order = orderToConfirm(location.state);

  if (!order) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6" data-testid="no-order">
        <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">
          {t('confirmation.noOrderTitle')}
        </h1>
        <p className="mt-3 text-gray-700 dark:text-gray-300">{te('NoOrderToConfirm')}</p>
        <LinkButton href={paths.home} variant="secondary" className="mt-6">
          {t('confirmation.continue')}
        </LinkButton>
      </div>
    );
  }

  const none = t('confirmation.none');
  const address = [
    order.address.name,
    order.address.street,
    [order.address.postalCode, order.address.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const facts: [string, string][] = [
    [t('confirmation.orderDate'), formatDateTime(order.orderDate)],
    [t('confirmation.deliveryDate'), formatWeekdayDate(order.deliveryDate)],
    [t('confirmation.reference'), order.reference ?? none],
    [t('confirmation.theirReference'), order.theirReference ?? none],
    [t('confirmation.address'), address || none],
  ];

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6" data-testid="order-confirmation">
      <div className="rounded-2xl border border-green-300 bg-green-50 p-6 dark:border-green-800 dark:bg-green-950/60">
        <h1 className="text-3xl font-bold tracking-tight text-green-950 dark:text-green-50">
          {t('confirmation.heading')}
        </h1>
        <p className="mt-2 text-green-950 dark:text-green-50">
          {t('confirmation.text', { date: formatWeekdayDate(order.deliveryDate) })}
        </p>
        <p className="mt-2 font-medium text-green-950 dark:text-green-50" data-testid="order-number-later">
          {t('confirmation.orderNumberLater')}
        </p>
      </div>

      <section aria-labelledby="details-heading" className="mt-8">
        <h2 id="details-heading" className="text-xl font-bold text-gray-950 dark:text-white">
          {t('confirmation.details')}
        </h2>
        <FactList facts={facts} className="mt-3" />
      </section>

      <div className="mt-8">
        <OrderSummary order={order} />
      </div>

      <div className="mt-8 flex flex-wrap gap-3">
        <LinkButton href={paths.orders}>{t('confirmation.toOrders')}</LinkButton>
        <LinkButton href={paths.home} variant="secondary">
          {t('confirmation.continue')}
        </LinkButton>
      </div>
    </div>
  );
}
