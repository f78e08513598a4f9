import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { cx } from '../../ui/cx';

/** The logo and name. `compact`: narrow phones show the mark alone, so the logged-in controls fit beside it. */
export function Wordmark({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation();
  return (
    <Link
      to={paths.home}
      aria-label={t('homeLink')}
      className="-ml-1 flex items-center gap-2 rounded-lg px-1 py-1 text-gray-950 no-underline focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-white dark:focus-visible:outline-primary-300"
    >
      <svg viewBox="0 0 64 64" className="size-8" aria-hidden="true">
        <rect width="64" height="64" rx="14" className="fill-primary-700 dark:fill-primary-500" />
        <path d="M14 14h36v4H14z" className="fill-primary-200" />
        <path d="M18 22h28v6H18zm0 11h28v6H18zm0 11h28v6H18z" fill="#fff" opacity=".92" />
      </svg>
      <span className={cx('text-xl font-extrabold tracking-tight', compact && 'hidden min-[30rem]:inline')}>
        {tc('appName')}
      </span>
    </Link>
  );
}
