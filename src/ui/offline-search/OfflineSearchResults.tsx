import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceSearch } from '../../api/search/device-search';
import { offlineDb } from '../../offline/schema';
import { listsForArticles } from '../../offline/inventory/article-lists';
import { Alert } from '../Alert';
import { Spinner } from '../Spinner';
import { OfflineArticle } from './OfflineArticle';

/**
 * /sok without network (docs/decisions/0058): the company's articles on the device that match the query, each with
 * what can be done with it offline — put it in the cart, count it in (or add it to) an inventory list, open it. Loaded
 * only when the page is offline (MiniSearch and Dexie are not in the page's first load).
 */
export default function OfflineSearchResults({ q, companyCode }: { q: string; companyCode: string | null }) {
  const { t } = useTranslation('search');
  const search = useDeviceSearch(q, companyCode, true);
  const hits = useMemo(() => (search.data?.kind === 'hits' ? search.data.hits : []), [search.data]);
  const numbers = useMemo(() => hits.map((h) => h.article.articleNumber), [hits]);
  const lists = useLiveQuery(
    () => (companyCode ? listsForArticles(offlineDb(), companyCode, numbers) : undefined),
    [companyCode, numbers],
  );

  return (
    <section aria-labelledby="offline-search-heading" data-testid="offline-search" className="flex flex-col gap-4">
      <Alert tone="info" title={<span id="offline-search-heading">{t('offline.notice')}</span>}>
        {companyCode ? t('offline.noticeText') : t('offline.noCompany')}
      </Alert>
      {companyCode && q && search.isPending && (
        <div className="flex justify-center py-8 text-primary-700 dark:text-primary-300">
          <Spinner label={t('searching')} className="size-8" />
        </div>
      )}
      {search.data?.kind === 'noIndex' && <p className="text-gray-700 dark:text-gray-300">{t('offline.noIndex')}</p>}
      {search.data?.kind === 'hits' && hits.length === 0 && (
        <p className="text-gray-700 dark:text-gray-300">{t('offline.noHits', { q })}</p>
      )}
      {hits.length > 0 && (
        <>
          <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
            {t('offline.hits', { count: hits.length })}
          </p>
          <ul className="flex flex-col gap-3">
            {hits.map((hit) => (
              <li key={hit.article.key}>
                <OfflineArticle
                  hit={hit}
                  companyCode={companyCode!}
                  lists={lists?.lists ?? []}
                  containing={lists?.containing.get(hit.article.articleNumber) ?? null}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
