import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductSort } from '../../../contract/search';
import { labelClass } from '../field-styles';
import { SORTS } from './listing-url-state';

/** Every sort of SPEC §9. A native select: phones show their own picker, and it works without React Aria's menus. */
export function SortSelect({
  value,
  onChange,
  sorts = SORTS,
}: {
  value: ProductSort;
  onChange: (sort: ProductSort) => void;
  sorts?: readonly ProductSort[];
}) {
  const { t } = useTranslation('catalog');
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className={labelClass}>
        {t('listing.sort')}
      </label>
      <div className="relative">
        <select
          id={id}
          data-testid="listing-sort"
          value={value}
          onChange={(event) => onChange(event.target.value as ProductSort)}
          className="min-h-11 appearance-none rounded-lg border border-gray-400 bg-white py-2 pr-9 pl-3 text-base text-gray-900 focus:border-primary-600 focus:outline-2 focus:outline-primary-600/40 dark:border-gray-500 dark:bg-gray-900 dark:text-gray-50 dark:focus:border-primary-400"
        >
          {sorts.map((sort) => (
            <option key={sort} value={sort}>
              {t(`sort.${sort}`)}
            </option>
          ))}
        </select>
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-600 dark:text-gray-300"
        >
          <path d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" />
        </svg>
      </div>
    </div>
  );
}
