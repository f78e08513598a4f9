import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inventoryCountPath, productPath } from '../../lib/paths';
import { offlineDb } from '../../offline';
import type { DeviceArticleHit } from '../../offline/inventory/article-search';
import { mutateInventory } from '../../offline/inventory/mutate';
import type { MirrorInventoryList } from '../../offline/inventory/tables';
import { Button } from '../Button';
import { cartErrorText, tryChangeCart } from '../cart/cart-actions';
import { labelClass } from '../field-styles';
import { Link, LinkButton } from '../Link';
import { toast } from '../toast-queue';
import { cartSnapshotOf } from './cart-snapshot';

interface OfflineArticleProps {
  hit: DeviceArticleHit;
  companyCode: string;
  /** The company's lists on the device, newest first. */
  lists: MirrorInventoryList[];
  /** The newest of them that has this article. */
  containing: MirrorInventoryList | null;
}

/**
 * One article found on the device: what it is (name, article number, unit) and what works offline — the cart and the
 * inventory lists go through the outbox and are sent when the network is back; the product page opens from the app's
 * saved data when it was seen before.
 */
export function OfflineArticle({ hit, companyCode, lists, containing }: OfflineArticleProps) {
  const { t } = useTranslation('search');
  const { article, match } = hit;
  const id = useId();
  const [chosen, setChosen] = useState<string>('');
  const target = lists.find((l) => l.id === chosen) ?? lists[0];
  const unit =
    article.unit === 'carton' ? t('offline.unitCartonOf', { count: article.piecesPerCarton }) : t('offline.unitPiece');

  const addToCart = async () => {
    const result = await tryChangeCart({
      type: 'addProduct',
      companyCode,
      product: cartSnapshotOf(article),
      quantity: 1,
      unit: article.unit,
      price: null,
    });
    if (result) toast.success(t('offline.addedToCart', { name: article.name }), { id: 'offline-cart' });
  };

  const addToList = async () => {
    if (!target) return;
    try {
      await mutateInventory(offlineDb(), { type: 'addItem', listId: target.id, article });
      toast.success(t('offline.addedToList', { name: article.name, list: target.name }), { id: 'offline-list' });
    } catch (error) {
      toast.error(cartErrorText(error), { id: 'offline-list' });
    }
  };

  return (
    <article
      aria-labelledby={`${id}-name`}
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-700 dark:bg-gray-900"
    >
      <div>
        <h3 id={`${id}-name`} className="font-semibold text-gray-950 dark:text-white">
          {article.name}
        </h3>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {t('offline.articleNumber', { number: article.articleNumber })} · {unit}
          {article.kind === 'own' && ` · ${t('offline.own')}`}
          {match === 'gtinPiece' && ` · ${t('offline.matchPiece')}`}
          {match === 'gtinCarton' && ` · ${t('offline.matchCarton')}`}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        {article.kind === 'product' && (
          <Button size="sm" onPress={() => void addToCart()}>
            {t('offline.addToCart')}
            <span className="sr-only">: {article.name}</span>
          </Button>
        )}
        {containing ? (
          <LinkButton size="sm" variant="secondary" href={inventoryCountPath(containing.id)}>
            {t('offline.count', { list: containing.name })}
            <span className="sr-only">: {article.name}</span>
          </LinkButton>
        ) : (
          target && (
            <>
              {lists.length > 1 && (
                <div className="flex flex-col gap-1">
                  <label htmlFor={`${id}-list`} className={labelClass}>
                    {t('offline.list')}
                  </label>
                  <select
                    id={`${id}-list`}
                    value={target.id}
                    onChange={(event) => setChosen(event.target.value)}
                    className="min-h-11 rounded-lg border border-gray-400 bg-white px-3 text-base text-gray-900 dark:border-gray-500 dark:bg-gray-900 dark:text-gray-50"
                  >
                    {lists.map((l) => (
                      <option key={l.id} value={l.id}>
                        {l.name}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              <Button size="sm" variant="secondary" onPress={() => void addToList()}>
                {lists.length > 1 ? t('offline.addToList') : t('offline.addToNamedList', { list: target.name })}
                <span className="sr-only">: {article.name}</span>
              </Button>
            </>
          )
        )}
        {article.slug && (
          <Link href={productPath(article.slug)} className="inline-flex min-h-11 items-center px-2">
            {t('offline.open')}
            <span className="sr-only">: {article.name}</span>
          </Link>
        )}
      </div>
    </article>
  );
}
