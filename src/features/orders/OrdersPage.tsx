import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, type OrderStatus, type OrderSummary } from '../../../contract/orders';
import { errorMessage } from '../../api/error-message';
import { orderHistoryQuery, type OrderHistoryParams } from '../../api/queries/orders';
import { useActiveCompany } from '../../api/session/hooks';
import { formatShortDate } from '../../../contract/rules/swedish-dates';
import { formatSek } from '../../lib/money';
import { orderPath } from '../../lib/paths';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { DateField } from '../../ui/DateField';
import { inputClass, labelClass } from '../../ui/field-styles';
import { Link } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';

const PAGE_SIZE = 20;
const isStatus = (value: string | null): value is OrderStatus =>
  value !== null && (ORDER_STATUSES as readonly string[]).includes(value);

/** The filters in the address, so a filtered page can be linked and reloaded. */
function readFilters(params: URLSearchParams): OrderHistoryParams {
  const status = params.get('status');
  const page = Number(params.get('page') ?? '1');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZE,
    ...(isStatus(status) ? { status } : {}),
    ...(params.get('from') ? { from: params.get('from')! } : {}),
    ...(params.get('to') ? { to: params.get('to')! } : {}),
    ...(params.get('q') ? { q: params.get('q')! } : {}),
  };
}

/** /profil/bestallningar — the company's orders: filter by status and order date, search number or reference, paged. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const company = useActiveCompany();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [search, setSearch] = useState(filters.q ?? '');
  const debounced = useDebouncedValue(search, 300);

  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if ((debounced.trim() || undefined) !== filters.q) set({ q: debounced.trim() || undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typed text settles
  }, [debounced]);

  // SPEC §5: without a company code nothing is requested.
  const query = useQuery({ ...orderHistoryQuery(company.code ?? '', filters), enabled: company.code !== null });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">{t('title')}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{t('intro')}</p>

      {!company.code && !company.loading ? (
        <Alert tone="info" className="mt-6">
          {t('noCompany')}
        </Alert>
      ) : (
        <>
          <form
            role="search"
            aria-label={t('filters.heading')}
            onSubmit={(e) => e.preventDefault()}
            className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          >
            <label className="flex flex-col gap-1.5">
              <span className={labelClass}>{t('filters.search')}</span>
              <input
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                className={inputClass}
                data-testid="orders-search"
              />
            </label>
            <label className="flex flex-col gap-1.5">
              <span className={labelClass}>{t('filters.status')}</span>
              <select
                value={filters.status ?? ''}
                onChange={(e) => set({ status: e.target.value || undefined })}
                className={inputClass}
              >
                <option value="">{t('filters.allStatuses')}</option>
                {ORDER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`common:orderStatus.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <DateField
              label={t('filters.from')}
              value={filters.from ?? ''}
              onChange={(from) => set({ from: from || undefined })}
            />
            <DateField
              label={t('filters.to')}
              value={filters.to ?? ''}
              onChange={(to) => set({ to: to || undefined })}
            />
          </form>
          {(filters.status || filters.from || filters.to || filters.q) && (
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              onPress={() => {
                setSearch('');
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              {t('filters.clear')}
            </Button>
          )}

          <div className="mt-6">
            {query.isPending ? (
              <div className="flex justify-center py-12 text-primary-700 dark:text-primary-300">
                <Spinner className="size-8" label={t('loading')} />
              </div>
            ) : query.isError ? (
              <Alert tone="error">{errorMessage(query.error)}</Alert>
            ) : query.data.data.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-gray-300 p-6 text-gray-700 dark:border-gray-600 dark:text-gray-300">
                {t('empty')}
              </p>
            ) : (
              <>
                <p className="mb-2 text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
                  {t('count', { count: query.data.totalRecords })}
                </p>
                <OrderTable data={query.data.data} />
                <Pager
                  page={query.data.currentPage}
                  total={query.data.totalPages}
                  onPage={(page) => set({ page: page > 1 ? String(page) : undefined })}
                />
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}

/** The orders; on a phone each order is a card (`card-table`, decision 0065): its number heads it, the rest labelled. */
function OrderTable({ data: rows }: { data: OrderSummary[] }) {
  const { t } = useTranslation('orders');
  const cell = 'px-3 py-2.5 text-left align-top';
  const column = (
    key: 'orderNumber' | 'orderDate' | 'deliveryDate' | 'status' | 'reference' | 'user' | 'total',
    className = cell,
  ) => (
    <th scope="col" role="columnheader" className={className}>
      {t(`columns.${key}`)}
    </th>
  );
  return (
    <div className="overflow-x-auto rounded-2xl border border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900">
      <table
        role="table"
        className="card-table w-full text-sm text-gray-800 dark:text-gray-200"
        data-testid="orders-table"
      >
        <caption className="sr-only">{t('table')}</caption>
        <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:bg-gray-800/60 dark:text-gray-300">
          <tr role="row">
            {column('orderNumber')}
            {column('orderDate')}
            {column('deliveryDate')}
            {column('status')}
            {column('reference')}
            {column('user')}
            {column('total', `${cell} text-right`)}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-700">
          {rows.map((order) => (
            <tr key={order.orderNumber} role="row" data-testid="order-history-row">
              <th scope="row" role="rowheader" className={cell}>
                <Link
                  href={orderPath(order.orderNumber)}
                  className="inline-flex min-h-11 items-center text-base sm:inline sm:min-h-0 sm:text-sm"
                >
                  {order.orderNumber}
                </Link>
                <span className="block text-xs font-normal text-gray-600 dark:text-gray-400">
                  {t(`common:orderType.${order.orderType}`)}
                </span>
              </th>
              <td role="cell" data-label={t('columns.orderDate')} className={`${cell} whitespace-nowrap tabular-nums`}>
                {formatShortDate(order.orderDate)}
              </td>
              <td
                role="cell"
                data-label={t('columns.deliveryDate')}
                className={`${cell} whitespace-nowrap tabular-nums`}
              >
                {formatShortDate(order.deliveryDate)}
              </td>
              <td role="cell" data-label={t('columns.status')} className={cell}>
                {t(`common:orderStatus.${order.status}`)}
              </td>
              <td role="cell" data-label={t('columns.reference')} className={cell}>
                {order.reference ?? t('none')}
              </td>
              <td role="cell" data-label={t('columns.user')} className={cell}>
                {order.userName ?? t('none')}
              </td>
              <td
                role="cell"
                data-label={t('columns.total')}
                className={`${cell} text-right whitespace-nowrap tabular-nums`}
              >
                {formatSek(order.total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('orders');
  if (total <= 1) return null;
  return (
    <nav aria-label={t('pagination')} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      <span className="text-sm text-gray-700 dark:text-gray-300">{t('pages', { page, total })}</span>
      <Button variant="secondary" size="sm" isDisabled={page >= total} onPress={() => onPage(page + 1)}>
        {t('next')}
      </Button>
    </nav>
  );
}
