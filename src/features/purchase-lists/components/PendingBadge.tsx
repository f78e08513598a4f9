import { useTranslation } from 'react-i18next';
import { cx } from '../../../ui/cx';

/** Marks a list or line with a change that is saved on the device but not yet on the server. */
export function PendingBadge({ className }: { className?: string }) {
  const { t } = useTranslation('purchase-lists');
  return (
    <span
      title={t('pendingHint')}
      data-testid="pending-marker"
      className={cx(
        'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
        className,
      )}
    >
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-3.5" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-13a.75.75 0 0 0-1.5 0v5c0 .2.08.39.22.53l3 3a.75.75 0 1 0 1.06-1.06l-2.78-2.78V5Z"
          clipRule="evenodd"
        />
      </svg>
      {t('pending')}
    </span>
  );
}
