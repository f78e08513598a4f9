import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { flaggedCount, reviewGroups, type ReviewFlag } from '../../../contract/rules/review';
import { useCurrentUser } from '../../api/session/hooks';
import { inventoryListPath, inventoryRecountPath } from '../../lib/paths';
import { documentTitle } from '../../lib/title';
import { isListClosed, type MirrorInventoryItem, type MirrorInventoryList } from '../../offline/inventory/tables';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Link, LinkButton } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-queue';
import { ClosedNotice } from './components/ClosedNotice';
import { ListNotFound } from './components/ListNotFound';
import { changeErrorText, changeInventory, useInventoryList } from './data';
import { countNumber } from './use-count';
import { useOpenList } from './use-open-list';

/**
 * /profil/inventering/{id}/granska — the review before closing (decision 0062): the items to check, grouped by flag
 * (contract/rules/review.ts), each with "Räkna om" and "Godkänn", then "Stäng inventeringen". All from the device: a
 * review, an acceptance and a close made offline are sent when the phone is online again.
 */
export function ReviewPage() {
  const { id = null } = useParams();
  const found = useInventoryList(id);
  const waiting = useOpenList(id, found === null || (found !== undefined && !found.list.itemsRead));
  const { t } = useTranslation('inventory');
  if (found === undefined || (found === null && waiting))
    return (
      <div className="flex justify-center py-16 text-primary-700 dark:text-primary-300">
        <Spinner className="size-8" label={t('detail.loading')} />
      </div>
    );
  if (found === null) return <ListNotFound />;
  return <Review key={found.list.id} list={found.list} items={found.items} />;
}

function Review({ list, items }: { list: MirrorInventoryList; items: MirrorInventoryItem[] }) {
  const { t } = useTranslation('inventory');
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const [confirming, setConfirming] = useState(false);
  const groups = useMemo(() => reviewGroups(items), [items]);
  const left = useMemo(() => flaggedCount(items), [items]);
  const closed = isListClosed(list);

  useEffect(() => {
    document.title = documentTitle(t('review.heading', { name: list.name }));
  }, [list.name, t]);

  const accept = async (item: MirrorInventoryItem) => {
    try {
      await changeInventory({ type: 'patchItem', listId: list.id, itemId: item.id, accept: true });
      toast.success(t('review.accepted', { name: item.name }), { id: 'inventory-review' });
    } catch (error) {
      toast.error(changeErrorText(error), { id: 'inventory-review' });
    }
  };

  const close = async () => {
    try {
      const closedBy = user ? `${user.firstName} ${user.lastName}`.trim() : null;
      await changeInventory({ type: 'closeList', listId: list.id, closedBy });
      toast.success(t('review.closed'), { id: 'inventory-review' });
      await navigate(inventoryListPath(list.id));
    } catch (error) {
      toast.error(changeErrorText(error), { id: 'inventory-review' });
      return false;
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <Link href={inventoryListPath(list.id)} className="text-base">
          ← {t('review.back')}
        </Link>
        <h1 className="mt-2 text-3xl font-bold tracking-tight break-words text-gray-950 dark:text-white">
          {t('review.heading', { name: list.name })}
        </h1>
        {!closed && <p className="mt-2 text-gray-700 dark:text-gray-300">{t('review.lead')}</p>}
      </div>

      {closed && <ClosedNotice list={list} />}

      {groups.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-gray-300 bg-white p-6 text-gray-700 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-300">
          {t('review.nothingLeft')}
        </p>
      ) : (
        groups.map((group) => (
          <FlagGroup
            key={group.flag}
            flag={group.flag}
            items={group.items}
            closed={closed}
            listId={list.id}
            onAccept={(i) => void accept(i)}
          />
        ))
      )}

      {!closed && (
        <Button size="lg" className="h-14 text-lg" onPress={() => setConfirming(true)}>
          {t('review.close')}
        </Button>
      )}
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t('review.closeTitle')}
        confirmLabel={t('review.close')}
        cancelLabel={t('review.closeCancel')}
        tone="primary"
        onConfirm={close}
      >
        {left > 0 && (
          <p className="font-semibold" data-testid="review-left">
            {t('review.closeLeft', { count: left })}
          </p>
        )}
        <p>{t('review.closeText')}</p>
      </ConfirmDialog>
    </div>
  );
}

function FlagGroup({
  flag,
  items,
  closed,
  listId,
  onAccept,
}: {
  flag: ReviewFlag;
  items: MirrorInventoryItem[];
  closed: boolean;
  listId: string;
  onAccept: (item: MirrorInventoryItem) => void;
}) {
  const { t } = useTranslation('inventory');
  const headingId = `review-${flag}`;
  const unit = (u: MirrorInventoryItem['unit']) => t(`items.units.${u}`);
  return (
    <section aria-labelledby={headingId} data-testid={`review-${flag}`}>
      <h2 id={headingId} className="text-xl font-bold text-gray-950 dark:text-white">
        {t(`review.flags.${flag}`)}{' '}
        <span className="font-normal text-gray-600 dark:text-gray-400">
          ({t('review.groupCount', { count: items.length })})
        </span>
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
          >
            <div className="min-w-0">
              <p className="font-semibold break-words text-gray-950 dark:text-white">{item.name}</p>
              <p className="text-sm text-gray-700 dark:text-gray-300">
                {item.counted
                  ? t('review.counted', { quantity: countNumber(item.quantity), unit: unit(item.unit) })
                  : t('review.notCounted')}
                {item.previousQuantity !== null &&
                  ` · ${t('review.previous', { quantity: countNumber(item.previousQuantity), unit: unit(item.unit) })}`}
              </p>
            </div>
            {!closed && (
              <div className="flex gap-2">
                <LinkButton
                  href={inventoryRecountPath(listId, item.id)}
                  variant="secondary"
                  className="min-h-12 flex-1"
                  aria-label={t('review.recountLabel', { name: item.name })}
                >
                  {t('review.recount')}
                </LinkButton>
                <Button
                  className="min-h-12 flex-1"
                  onPress={() => onAccept(item)}
                  aria-label={t('review.acceptLabel', { name: item.name })}
                >
                  {t('review.accept')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
