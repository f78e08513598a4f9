import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../api/session/hooks';
import { companySwitcher } from '../../features/company-switcher';

/**
 * The chosen company's name; pressing it opens the company switcher. On a phone an icon button (the name is its label
 * for screen readers), so the header's controls fit in one row (decision 0065).
 */
export function CompanyButton() {
  const { t } = useTranslation('layout');
  const company = useCurrentCompany();
  const name = company.data?.name;

  return (
    <button
      type="button"
      onClick={companySwitcher.open}
      aria-label={name ? t('header.companyButton', { name }) : undefined}
      data-testid="header-company"
      className="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-2.5 text-left sm:max-w-xs sm:justify-start sm:px-3 text-sm font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800 dark:focus-visible:outline-primary-300"
    >
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        className="size-5 shrink-0 text-primary-700 dark:text-primary-300"
        aria-hidden="true"
      >
        <path
          fillRule="evenodd"
          d="M4 2.75A.75.75 0 0 1 4.75 2h8.5a.75.75 0 0 1 .75.75V8h1.25a.75.75 0 0 1 .75.75v8.5h.25a.75.75 0 0 1 0 1.5H2.75a.75.75 0 0 1 0-1.5H3V2.75A.75.75 0 0 1 4 2.75Zm1.5.75v13.75h2V14a.75.75 0 0 1 .75-.75h1.5A.75.75 0 0 1 10.5 14v3.25h2V3.5h-7ZM7 5.5h1.5V7H7V5.5Zm2.5 0H11V7H9.5V5.5ZM7 8.5h1.5V10H7V8.5Zm2.5 0H11V10H9.5V8.5Z"
          clipRule="evenodd"
        />
      </svg>
      <span className="sr-only sm:not-sr-only sm:truncate">
        {name ?? (company.code === null ? t('header.chooseCompany') : '…')}
      </span>
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        className="hidden size-4 shrink-0 text-gray-500 sm:block dark:text-gray-400"
        aria-hidden="true"
      >
        <path d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" />
      </svg>
    </button>
  );
}
