import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner';

/** Shown while the first route loads. */
export function PageSpinner() {
  const { t } = useTranslation('layout');
  return (
    <div className="flex flex-1 items-center justify-center py-24 text-primary-700 dark:text-primary-300">
      <Spinner label={t('loadingPage')} className="size-8" />
    </div>
  );
}
