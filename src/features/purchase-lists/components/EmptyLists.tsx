import { useTranslation } from 'react-i18next';

/** No lists yet: what purchase lists are for, and how to start. */
export function EmptyLists() {
  const { t } = useTranslation('purchase-lists');
  const steps = ['create', 'add', 'offline'] as const;
  return (
    <div
      data-testid="purchase-lists-empty"
      className="rounded-2xl border border-dashed border-gray-300 bg-white p-6 sm:p-8 dark:border-gray-600 dark:bg-gray-900"
    >
      <span className="flex size-12 items-center justify-center rounded-xl bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-100">
        <svg viewBox="0 0 20 20" className="size-6" fill="currentColor" aria-hidden="true">
          <path d="M5 3h10a1 1 0 0 1 1 1v13l-6-3-6 3V4a1 1 0 0 1 1-1Z" />
        </svg>
      </span>
      <h3 className="mt-4 text-xl font-bold text-gray-950 dark:text-white">{t('empty.heading')}</h3>
      <p className="mt-2 max-w-prose text-gray-700 dark:text-gray-300">{t('empty.text')}</p>
      <ol className="mt-5 flex max-w-prose flex-col gap-3">
        {steps.map((step, index) => (
          <li key={step} className="flex gap-3 text-gray-800 dark:text-gray-200">
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-gray-100 text-sm font-bold text-gray-800 dark:bg-gray-800 dark:text-gray-100"
            >
              {index + 1}
            </span>
            <span className="pt-0.5">{t(`empty.steps.${step}`)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
