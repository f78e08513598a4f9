import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { LinkButton } from '../../../ui/Link';

/** InventoryListNotFound (SPEC §8): the list is gone, or belongs to another company than the chosen one. */
export function ListNotFound() {
  const { t } = useTranslation('inventory');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6" data-testid="inventory-list-not-found">
      <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-950 dark:text-white">
        {t('detail.notFound.heading')}
      </h1>
      <p className="mt-3 text-lg text-gray-700 dark:text-gray-300">{t('detail.notFound.text')}</p>
      <LinkButton href={paths.inventory} className="mt-6">
        {t('detail.notFound.back')}
      </LinkButton>
    </div>
  );
}
