import { useTranslation } from 'react-i18next';
import { isNetworkFailure, useDeviceCompany, useDeviceSearch } from '../../api/search/device-search';
import { useOnline } from '../../lib/use-online';
import type { StoredArticle } from '../../offline/inventory/tables';

/** At most this many articles from the device in the popup; the rest are on /sok. */
const MAX_DEVICE_OPTIONS = 8;

/**
 * The header search without network (docs/decisions/0058): when the browser is offline or the search got no answer,
 * the suggestions come from the company's article index on the device. `text` says what the popup shows when there is
 * no article to suggest (no index on the device, no company, nothing matches); undefined while the device answers.
 */
export function useDeviceSuggestions(q: string, searching: boolean, searchError: unknown) {
  const { t } = useTranslation('search');
  const online = useOnline();
  const company = useDeviceCompany();
  const offline = !online || isNetworkFailure(searchError);
  const device = useDeviceSearch(q, company, offline && searching);
  const articles = device.data?.kind === 'hits' ? device.data.hits.slice(0, MAX_DEVICE_OPTIONS) : [];
  const text = !company
    ? t('offline.noCompany')
    : device.data?.kind === 'noIndex'
      ? t('offline.noIndex')
      : device.data
        ? t('offline.noHits', { q })
        : undefined;
  return { offline, articles: articles.map((h) => h.article), text, answered: device.data !== undefined };
}

/** An article from the device as an option of the header's popup: what it is, plainly. */
export function DeviceArticleOption({ article }: { article: StoredArticle }) {
  const { t } = useTranslation('search');
  const unit =
    article.unit === 'carton' ? t('offline.unitCartonOf', { count: article.piecesPerCarton }) : t('offline.unitPiece');
  return (
    <>
      <span className="font-medium">{article.name}</span>
      <span className="text-xs text-gray-600 dark:text-gray-400">
        {t('offline.articleNumber', { number: article.articleNumber })} · {unit}
      </span>
    </>
  );
}
