import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useSyncState } from '../../api/session/hooks';
import { syncController } from '../../api/session/sync';
import { formatShortDate } from '../../../contract/rules/swedish-dates';
import { paths } from '../../lib/paths';
import { documentTitle } from '../../lib/title';
import { sortItems, type MirrorItem, type MirrorList } from '../../offline';
import { usePurchaseList } from '../../offline/hooks';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { Spinner } from '../../ui/Spinner';
import { AddItemForm } from './components/AddItemForm';
import { ITEM_GRID, ItemRow } from './components/ItemRow';
import { useListDialogs } from './components/ListDialogs';
import { ListNotFound } from './components/ListNotFound';
import { PendingBadge } from './components/PendingBadge';
import { SortSelect } from './components/SortSelect';
import { readItemSort, writeItemSort, type ItemSort } from './sort-param';

export interface PurchaseListPageProps {
  /**
   * EXTENSION POINT — "Lägg alla i varukorgen" (add all to cart). The cart issue passes its button here from the
   * route in src/app/router.tsx; it gets the list and its lines as shown. Until the cart exists nothing is passed and
   * nothing is shown (no dead button).
   */
  addAllToCart?: (list: { list: MirrorList; items: MirrorItem[] }) => ReactNode;
}

/** /profil/inkopslistor/{id} — one list from the device's mirror: add by number, quantities, sort, reset, remove. */
export function PurchaseListPage({ addAllToCart }: PurchaseListPageProps) {
  const { id = null } = useParams();
  const found = usePurchaseList(id);
  const checking = useCheckServer(found === null);

  if (found === undefined || (found === null && checking)) return <Loading />;
  if (found === null) return <ListNotFound />;
  return <ListDetail key={found.list.id} list={found.list} items={found.items} addAllToCart={addAllToCart} />;
}

/**
 * A list the mirror does not have may be new on the server (another device made it, or this device has not read the
 * company's lists yet): read them once before saying it is not there. Offline the mirror is all there is.
 */
function useCheckServer(missing: boolean): boolean {
  const { online, draining } = useSyncState();
  const [checked, setChecked] = useState(false);
  const asking = missing && online && !checked;
  useEffect(() => {
    if (!asking) return;
    let cancelled = false;
    void syncController()
      .syncNow()
      .finally(() => {
        if (!cancelled) setChecked(true);
      });
    return () => {
      cancelled = true;
    };
  }, [asking]);
  // A sync that is running (start-up, the company just chosen) may bring the list too.
  return missing && online && (asking || draining);
}

function Loading() {
  const { t } = useTranslation('purchase-lists');
  return (
    <div className="flex justify-center py-16 text-primary-700 dark:text-primary-300">
      <Spinner className="size-8" label={t('detail.loading')} />
    </div>
  );
}

interface ListDetailProps extends PurchaseListPageProps {
  list: MirrorList;
  items: MirrorItem[];
}

function ListDetail({ list, items, addAllToCart }: ListDetailProps) {
  const { t } = useTranslation('purchase-lists');
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const sort = readItemSort(searchParams);
  const sorted = useMemo(() => sortItems(items, sort.sort, sort.order), [items, sort.sort, sort.order]);
  const { open, dialogs } = useListDialogs(list, { onDeleted: () => void navigate(paths.purchaseLists) });

  useEffect(() => {
    document.title = documentTitle(list.name);
  }, [list.name]);

  const setSort = (next: ItemSort) => setSearchParams(writeItemSort(searchParams, next), { replace: true });
  const meta = [
    t('itemCount', { count: list.itemCount }),
    t('updated', { date: formatShortDate(list.updatedAt) }),
    list.createdBy ? t('createdBy', { name: list.createdBy }) : null,
  ].filter(Boolean);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words text-gray-950 dark:text-white">{list.name}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-gray-700 dark:text-gray-300">
            <span>{meta.join(' · ')}</span>
            {list.pending && <PendingBadge />}
          </p>
        </div>
        <div role="group" aria-label={t('detail.actions')} className="flex flex-wrap gap-2">
          {addAllToCart?.({ list, items })}
          <Button variant="secondary" size="sm" onPress={() => open('rename')}>
            {t('rename.action')}
          </Button>
          <Button variant="secondary" size="sm" onPress={() => open('reset')} isDisabled={items.length === 0}>
            {t('reset.action')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onPress={() => open('delete')}
            className="text-red-800 dark:text-red-300"
          >
            {t('delete.listAction')}
          </Button>
        </div>
      </div>

      <div className="mt-6">
        <AddItemForm listId={list.id} />
      </div>

      <section aria-labelledby="items-heading" className="mt-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="items-heading" className="text-xl font-bold text-gray-950 dark:text-white">
            {t('items.heading')} <span className="font-normal text-gray-600 dark:text-gray-400">({items.length})</span>
          </h2>
          {items.length > 1 && <SortSelect value={sort} onChange={setSort} />}
        </div>
        {items.length === 0 ? (
          <div className="mt-4 rounded-2xl border border-dashed border-gray-300 bg-white p-6 dark:border-gray-600 dark:bg-gray-900">
            <p className="font-semibold text-gray-950 dark:text-white">{t('items.empty.heading')}</p>
            <p className="mt-1 text-gray-700 dark:text-gray-300">{t('items.empty.text')}</p>
          </div>
        ) : (
          <div className="mt-4 overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm dark:border-gray-700 dark:bg-gray-900">
            <div
              aria-hidden="true"
              className={cx(
                'hidden border-b border-gray-200 bg-gray-50 px-5 py-2.5 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:border-gray-700 dark:bg-gray-800/60 dark:text-gray-300',
                ITEM_GRID,
              )}
            >
              <span>{t('items.article')}</span>
              <span>{t('items.brand')}</span>
              <span>{t('items.unit')}</span>
              <span>{t('items.added')}</span>
              <span>{t('items.stock')}</span>
              <span>{t('items.quantity')}</span>
              <span />
            </div>
            <ul className="divide-y divide-gray-200 dark:divide-gray-700">
              {sorted.map((item) => (
                <ItemRow key={item.id} item={item} />
              ))}
            </ul>
          </div>
        )}
      </section>
      {dialogs}
    </div>
  );
}
