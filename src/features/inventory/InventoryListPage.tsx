import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { INVENTORY_ITEM_SORTS } from '../../../contract/inventory';
import { inventoryCountPath, inventoryReviewPath, paths } from '../../lib/paths';
import { documentTitle } from '../../lib/title';
import { isListClosed, type MirrorInventoryItem, type MirrorInventoryList } from '../../offline/inventory/tables';
import { Button } from '../../ui/Button';
import { inputClass, labelClass } from '../../ui/field-styles';
import { LinkButton } from '../../ui/Link';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-queue';
import { AddArticle } from './components/AddArticle';
import { ClosedNotice } from './components/ClosedNotice';
import { ItemEditDialog } from './components/ItemEditDialog';
import { ItemRows } from './components/ItemRows';
import { ListForm } from './components/ListForm';
import { ListNotFound } from './components/ListNotFound';
import { ListTotals } from './components/ListTotals';
import { PendingBadge } from './components/PendingBadge';
import { Period } from './components/Period';
import { ShortfallDialog } from './components/ShortfallDialog';
import { changeErrorText, changeInventory, useInventoryCompany, useInventoryList } from './data';
import { rowsOf, shortfallOf, totalsOf } from './logic';
import { useListView, type ListSortValue } from './use-list-view';
import { useOpenList } from './use-open-list';
import { useLiveList } from './use-live-list';

/** /profil/inventering/{id} — one list from the device: items, totals, sorting and grouping, adding, exports. */
export function InventoryListPage() {
  const { id = null } = useParams();
  const found = useInventoryList(id);
  const waiting = useOpenList(id, found === null || (found !== undefined && !found.list.itemsRead));
  useLiveList(id, found?.list.companyCode ?? null);
  const { t } = useTranslation('inventory');

  if (found === undefined || (found === null && waiting)) return <Loading label={t('detail.loading')} />;
  if (found === null) return <ListNotFound />;
  return <ListDetail key={found.list.id} list={found.list} items={found.items} loadingItems={waiting} />;
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16 text-primary-700 dark:text-primary-300">
      <Spinner className="size-8" label={label} />
    </div>
  );
}

function ListDetail({
  list,
  items,
  loadingItems,
}: {
  list: MirrorInventoryList;
  items: MirrorInventoryItem[];
  loadingItems: boolean;
}) {
  const { t } = useTranslation('inventory');
  const navigate = useNavigate();
  const fieldId = useId();
  const [view, setView] = useListView();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<MirrorInventoryItem | null>(null);
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'shortfall' | null>(null);
  const company = useInventoryCompany(list.companyCode);
  const companyData = useMemo(
    () => ({ zones: company?.zones ?? [], accounts: company?.accounts ?? [] }),
    [company?.zones, company?.accounts],
  );
  const rows = useMemo(
    () => rowsOf(items, { ...view, q: filter }, companyData),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [items, view.sort, view.order, view.group, filter, companyData],
  );
  const totals = useMemo(() => totalsOf(items, companyData), [items, companyData]);
  const shortfall = useMemo(() => (dialog === 'shortfall' ? shortfallOf(items) : []), [dialog, items]);

  useEffect(() => {
    document.title = documentTitle(list.name);
  }, [list.name]);

  const remove = useCallback(
    async (item: MirrorInventoryItem) => {
      try {
        await changeInventory({ type: 'deleteItem', listId: item.listId, itemId: item.id });
        toast.success(t('items.removed', { name: item.name }), { id: 'inventory-remove' });
      } catch (error) {
        toast.error(changeErrorText(error));
      }
    },
    [t],
  );
  const resolve = useCallback(async (item: MirrorInventoryItem) => {
    try {
      await changeInventory({ type: 'patchItem', listId: item.listId, itemId: item.id, resolveConflict: true });
    } catch (error) {
      toast.error(changeErrorText(error));
    }
  }, []);
  const edit = useCallback((item: MirrorInventoryItem) => setEditing(item), []);
  const shown = rows.filter((r) => r.kind === 'item').length;
  // A closed list is read-only (decision 0062): reading, shortfall and exports stay.
  const open = !isListClosed(list);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words text-gray-950 dark:text-white">{list.name}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-gray-700 dark:text-gray-300">
            <span>
              <Period from={list.dateFrom} to={list.dateTo} />
            </span>
            <span>{t('itemCount', { count: list.itemCount })}</span>
            <span>{t('countedOf', { counted: list.countedCount, count: list.itemCount })}</span>
            {list.previousListName && <span>{t('detail.previous', { name: list.previousListName })}</span>}
            {list.pending && <PendingBadge />}
          </p>
        </div>
        <div role="group" aria-label={t('detail.actions')} className="flex flex-wrap gap-2">
          {open && (
            <LinkButton href={inventoryCountPath(list.id)} size="lg">
              {t('detail.count')}
            </LinkButton>
          )}
          {open && (
            <LinkButton href={inventoryReviewPath(list.id)} variant="secondary" size="sm">
              {t('review.action')}
            </LinkButton>
          )}
          <Button variant="secondary" size="sm" onPress={() => setDialog('shortfall')}>
            {t('shortfall.action')}
          </Button>
          {open && (
            <Button variant="secondary" size="sm" onPress={() => setDialog('edit')}>
              {t('detail.edit')}
            </Button>
          )}
          {open && (
            <Button
              variant="secondary"
              size="sm"
              onPress={() => setDialog('delete')}
              className="text-red-800 dark:text-red-300"
            >
              {t('detail.delete')}
            </Button>
          )}
        </div>
      </div>

      {!open && (
        <div className="mt-6">
          <ClosedNotice list={list} />
        </div>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {open && <AddArticle companyCode={list.companyCode} listId={list.id} hasIndex={!!company?.indexVersion} />}
        </div>
        <ListTotals
          id={fieldId}
          totals={totals}
          companyCode={list.companyCode}
          listId={list.id}
          group={view.group ?? 'zone'}
        />
      </div>

      <section aria-labelledby={`${fieldId}-items`} className="mt-8">
        <h2 id={`${fieldId}-items`} className="text-xl font-bold text-gray-950 dark:text-white">
          {t('items.heading')} <span className="font-normal text-gray-600 dark:text-gray-400">({items.length})</span>
        </h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${fieldId}-filter`} className={labelClass}>
              {t('items.search')}
            </label>
            <input
              id={`${fieldId}-filter`}
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder={t('items.searchPlaceholder')}
              className={inputClass}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${fieldId}-sort`} className={labelClass}>
              {t('sort.label')}
            </label>
            <select
              id={`${fieldId}-sort`}
              value={`${view.sort}-${view.order}` satisfies ListSortValue}
              onChange={(e) => setView('sort', e.target.value)}
              className={inputClass}
            >
              {INVENTORY_ITEM_SORTS.flatMap((s) =>
                (['asc', 'desc'] as const).map((o) => (
                  <option key={`${s}-${o}`} value={`${s}-${o}`}>
                    {t(`sort.${s}-${o}`)}
                  </option>
                )),
              )}
              <option value={'walk-asc' satisfies ListSortValue}>{t('sort.walk-asc')}</option>
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${fieldId}-group`} className={labelClass}>
              {t('group.label')}
            </label>
            <select
              id={`${fieldId}-group`}
              value={view.group ?? ''}
              onChange={(e) => setView('group', e.target.value)}
              className={inputClass}
            >
              <option value="">{t('group.none')}</option>
              <option value="zone">{t('group.zone')}</option>
              <option value="account">{t('group.account')}</option>
            </select>
          </div>
        </div>
        {filter.trim() !== '' && (
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
            {t('items.shown', { shown, count: items.length })}
          </p>
        )}
        {loadingItems && items.length === 0 ? (
          <Loading label={t('detail.loading')} />
        ) : items.length === 0 ? (
          // Never opened on this device and no network: the items are not here, which is not the same as none.
          <p className="mt-4 rounded-2xl border border-dashed border-gray-300 bg-white p-6 text-gray-700 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-300">
            {list.itemsRead ? t('items.empty') : t('items.notOnDevice')}
          </p>
        ) : (
          <ItemRows
            rows={rows}
            readOnly={!open}
            onEdit={edit}
            onRemove={(i) => void remove(i)}
            onResolve={(i) => void resolve(i)}
          />
        )}
      </section>

      {editing && (
        <ItemEditDialog
          item={editing}
          zones={companyData.zones}
          accounts={companyData.accounts}
          onClose={() => setEditing(null)}
        />
      )}
      {dialog === 'shortfall' && (
        <ShortfallDialog companyCode={list.companyCode} lines={shortfall} onClose={() => setDialog(null)} />
      )}
      <Modal isOpen={dialog === 'edit'} onOpenChange={(o) => !o && setDialog(null)} title={t('listEdit.heading')}>
        <ListForm
          initial={{ name: list.name, dateFrom: list.dateFrom, dateTo: list.dateTo }}
          submitLabel={t('detail.save')}
          cancelLabel={t('detail.cancel')}
          onCancel={() => setDialog(null)}
          onSubmit={async (values) => {
            await changeInventory({ type: 'updateList', listId: list.id, ...values });
            setDialog(null);
          }}
        />
      </Modal>
      <Modal isOpen={dialog === 'delete'} onOpenChange={(o) => !o && setDialog(null)} title={t('detail.delete')}>
        <p className="text-gray-800 dark:text-gray-200">{t('detail.deleteConfirm', { name: list.name })}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={() => setDialog(null)} autoFocus>
            {t('detail.cancel')}
          </Button>
          <Button
            variant="danger"
            onPress={async () => {
              try {
                await changeInventory({ type: 'deleteList', listId: list.id });
                toast.success(t('detail.deleted'), { id: 'inventory-list' });
                await navigate(paths.inventory);
              } catch (error) {
                toast.error(changeErrorText(error));
              }
            }}
          >
            {t('detail.delete')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}
