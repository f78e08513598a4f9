import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { formatSek } from '../../../lib/money';
import { MutationError, offlineDb } from '../../../offline';
import { resolveScan, searchArticles } from '../../../offline/inventory/scan';
import type { StoredArticle } from '../../../offline/inventory/tables';
import { Button } from '../../../ui/Button';
import { descriptionClass, errorTextClass, inputClass, labelClass } from '../../../ui/field-styles';
import { toast } from '../../../ui/toast-queue';
import { changeErrorText, changeInventory } from '../data';

interface AddArticleProps {
  companyCode: string;
  listId: string;
  /** The device has the company's article index. */
  hasIndex: boolean;
}

/**
 * "Lägg till artikel": search the company's offline article index (assortment and own articles) by name, article
 * number or EAN; Enter with an exact number or EAN adds it at once. An article already in the list fails with the
 * spec's hint next to the field.
 */
export function AddArticle({ companyCode, listId, hasIndex }: AddArticleProps) {
  const { t } = useTranslation('inventory');
  const id = useId();
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | undefined>();
  const debounced = useDebouncedValue(query, 150);
  const hits = useLiveQuery(() => searchArticles(offlineDb(), companyCode, debounced, 8), [companyCode, debounced]);

  const add = async (article: StoredArticle) => {
    setError(undefined);
    try {
      await changeInventory({ type: 'addItem', listId, article });
      toast.success(t('add.added', { name: article.name }), { id: 'inventory-add' });
      setQuery('');
    } catch (e) {
      setError(changeErrorText(e));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return;
    const found = await resolveScan(offlineDb(), companyCode, listId, query);
    if (found.kind === 'article') await add(found.article);
    else if (found.kind === 'item') setError(new MutationError('ArticleAlreadyInList').message);
    else if (hits?.length === 1) await add(hits[0]!);
    else if (!hits?.length) setError(t('add.noHits'));
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-700 dark:bg-gray-900"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-gray-950 dark:text-white">
        {t('add.heading')}
      </h2>
      <form role="search" onSubmit={(e) => void submit(e)} className="mt-3 flex flex-col gap-1.5">
        <label htmlFor={`${id}-q`} className={labelClass}>
          {t('add.search')}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-q`}
            name="article"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setError(undefined);
            }}
            autoComplete="off"
            inputMode="search"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint ${id}-error`}
            className={inputClass}
          />
          <Button type="submit" variant="secondary">
            {t('add.add')}
          </Button>
        </div>
        <p id={`${id}-hint`} className={descriptionClass}>
          {hasIndex ? t('add.hint') : t('add.indexMissing')}
        </p>
        <p id={`${id}-error`} className={errorTextClass} role={error ? 'alert' : undefined}>
          {error}
        </p>
      </form>
      {debounced.trim() !== '' && hits && (
        <ul className="mt-3 divide-y divide-gray-200 dark:divide-gray-700" aria-label={t('add.hits')}>
          {hits.length === 0 && <li className="py-2 text-gray-700 dark:text-gray-300">{t('add.noHits')}</li>}
          {hits.map((a) => (
            <li key={a.key} className="flex items-center justify-between gap-3 py-2" data-testid="article-hit">
              <span className="min-w-0">
                <span className="block font-medium break-words text-gray-950 dark:text-white">{a.name}</span>
                <span className="text-sm text-gray-600 dark:text-gray-300">
                  {a.articleNumber} · {formatSek(a.price)} / {t(`items.units.${a.unit}`)}
                  {a.kind === 'own' ? ` · ${t('add.own')}` : ''}
                </span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                onPress={() => void add(a)}
                aria-label={`${t('add.add')} ${a.name}`}
              >
                {t('add.add')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
