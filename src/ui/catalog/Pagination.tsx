import { useTranslation } from 'react-i18next';
import { Anchor } from '../Link';
import { cx } from '../cx';

/** Pages around the current one: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1]);
  if (page <= 3) [2, 3, 4].forEach((p) => wanted.add(p));
  if (page >= pages - 2) [pages - 3, pages - 2, pages - 1].forEach((p) => wanted.add(p));
  const list = [...wanted].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of list) {
    const last = out.at(-1);
    if (typeof last === 'number' && p - last > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

const itemClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold outline-offset-2 data-focus-visible:outline-2 data-focus-visible:outline-primary-600';

/** Paging links (real hrefs: a page can be shared, opened in a new tab and reached by back/forward). */
export function Pagination({
  page,
  pages,
  hrefOf,
  onNavigate,
}: {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('catalog');
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('listing.pagination')} className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {page > 1 && (
        <Anchor
          href={hrefOf(page - 1)}
          onPress={onNavigate}
          className={cx(itemClass, 'text-primary-700 hover:bg-gray-100 dark:text-primary-300 dark:hover:bg-gray-800')}
        >
          {t('listing.previous')}
        </Anchor>
      )}
      {pageWindow(page, pages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-600">
            …
          </span>
        ) : p === page ? (
          <span
            key={p}
            aria-current="page"
            aria-label={t('listing.page', { page: p })}
            className={cx(itemClass, 'bg-primary-700 text-white dark:bg-primary-600')}
          >
            {p}
          </span>
        ) : (
          <Anchor
            key={p}
            href={hrefOf(p)}
            onPress={onNavigate}
            aria-label={t('listing.page', { page: p })}
            className={cx(itemClass, 'text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800')}
          >
            {p}
          </Anchor>
        ),
      )}
      {page < pages && (
        <Anchor
          href={hrefOf(page + 1)}
          onPress={onNavigate}
          className={cx(itemClass, 'text-primary-700 hover:bg-gray-100 dark:text-primary-300 dark:hover:bg-gray-800')}
        >
          {t('listing.next')}
        </Anchor>
      )}
    </nav>
  );
}
