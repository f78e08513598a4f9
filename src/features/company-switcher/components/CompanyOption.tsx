import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '../../../../contract/customer';
import { cx } from '../../../ui/cx';
import { Spinner } from '../../../ui/Spinner';

interface CompanyOptionProps {
  company: Company;
  isCurrent: boolean;
  isPending: boolean;
  isBusy: boolean;
  onChoose: (company: Company) => void;
  buttonRef?: Ref<HTMLButtonElement>;
}

/** One company in the switcher. A company without users cannot shop, so it cannot be chosen (SPEC §2, §5). */
export function CompanyOption({ company, isCurrent, isPending, isBusy, onChoose, buttonRef }: CompanyOptionProps) {
  const { t } = useTranslation('company');
  const reasonId = useId();
  const noCustomers = company.customersCount === 0;
  const details = [t('switcher.code', { code: company.code }), company.city].filter(Boolean).join(' · ');

  return (
    <li>
      <button
        ref={buttonRef}
        type="button"
        data-company-code={company.code}
        aria-disabled={noCustomers || undefined}
        aria-describedby={noCustomers ? reasonId : undefined}
        aria-current={isCurrent || undefined}
        aria-busy={isPending || undefined}
        onClick={() => {
          if (!noCustomers && !isBusy) onChoose(company);
        }}
        className={cx(
          'flex w-full items-center gap-3 rounded-xl border px-4 py-3 text-left transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:focus-visible:outline-primary-300',
          noCustomers
            ? 'cursor-not-allowed border-dashed border-gray-300 bg-gray-50 text-gray-600 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-300'
            : isCurrent
              ? 'border-primary-600 bg-primary-50 dark:border-primary-400 dark:bg-primary-950/50'
              : 'border-gray-200 bg-white hover:border-primary-400 hover:bg-primary-50/60 dark:border-gray-700 dark:bg-gray-900 dark:hover:border-primary-500 dark:hover:bg-gray-800',
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            'flex size-10 shrink-0 items-center justify-center rounded-lg text-sm font-bold',
            noCustomers
              ? 'bg-gray-200 text-gray-600 dark:bg-gray-800 dark:text-gray-300'
              : 'bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-100',
          )}
        >
          {company.name.slice(0, 2).toLocaleUpperCase('sv-SE')}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-gray-950 dark:text-white">{company.name}</span>
          <span className="block text-sm text-gray-700 dark:text-gray-300">{details}</span>
          {noCustomers && (
            <span id={reasonId} className="mt-1 block text-sm font-medium text-gray-700 dark:text-gray-200">
              {t('switcher.noCustomers')}
            </span>
          )}
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1">
          {isPending && <Spinner className="size-5 text-primary-700 dark:text-primary-300" />}
          {isCurrent && (
            <span className="rounded-full bg-primary-700 px-2.5 py-0.5 text-xs font-semibold text-white dark:bg-primary-300 dark:text-gray-950">
              {t('switcher.current')}
            </span>
          )}
          {!company.active && (
            <span className="rounded-full bg-gray-200 px-2.5 py-0.5 text-xs font-semibold text-gray-800 dark:bg-gray-700 dark:text-gray-100">
              {t('switcher.inactive')}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}
