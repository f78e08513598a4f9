import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner';

/**
 * The page's place while its code and data arrive on the first load, under the drawn header. It is a screen high, so
 * the footer stays below the fold and does not jump when the page arrives.
 */
export function PageSpinner() {
  const { t } = useTranslation('layout');
  return (
    <div className="flex min-h-dvh flex-1 items-center justify-center py-24 text-primary-700 dark:text-primary-300">
      <Spinner label={t('loadingPage')} className="size-8" />
    </div>
  );
}
