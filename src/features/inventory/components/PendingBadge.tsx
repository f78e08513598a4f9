import { useTranslation } from 'react-i18next';

/** "Inte skickad än": the change is on the device and goes to the server when there is a connection. */
export function PendingBadge() {
  const { t } = useTranslation('inventory');
  return (
    <span
      title={t('pendingHint')}
      className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/50 dark:text-amber-100"
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-600" />
      {t('pending')}
      <span className="sr-only">. {t('pendingHint')}</span>
    </span>
  );
}
