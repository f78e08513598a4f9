import { useTranslation } from 'react-i18next';
import { cx } from '../cx';

/** Short marks for the labels the catalogue uses; any other label is shown by its name alone. */
const MARKS: Record<string, { mark: string; tone: string }> = {
  KRAV: { mark: 'K', tone: 'bg-green-700 text-white' },
  'EU-ekologisk': { mark: 'EU', tone: 'bg-lime-700 text-white' },
  'Svenskt Sigill': { mark: 'SS', tone: 'bg-primary-800 text-white' },
  Nyckelhålet: { mark: '⌂', tone: 'bg-green-800 text-white' },
  MSC: { mark: 'MSC', tone: 'bg-sky-800 text-white' },
  ASC: { mark: 'ASC', tone: 'bg-teal-800 text-white' },
  Fairtrade: { mark: 'FT', tone: 'bg-gray-900 text-white dark:bg-gray-100 dark:text-gray-900' },
};

/** Accreditation labels (KRAV, MSC, Svenskt Sigill, Nyckelhålet, EU-ekologisk …) as readable badges. */
export function LabelBadges({
  labels,
  size = 'md',
  className,
}: {
  labels: string[];
  size?: 'sm' | 'md';
  className?: string;
}) {
  const { t } = useTranslation('catalog');
  if (labels.length === 0) return null;
  return (
    <ul className={cx('flex flex-wrap gap-1.5', className)}>
      {labels.map((label) => {
        const known = MARKS[label];
        const text = t(`label.${label}`, { defaultValue: label });
        return (
          <li
            key={label}
            data-testid="accreditation-label"
            className={cx(
              'inline-flex items-center gap-1.5 rounded-full border border-gray-300 bg-white pr-2.5 font-medium text-gray-800 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100',
              size === 'sm' ? 'text-xs' : 'text-sm',
              known ? 'pl-0.5' : 'pl-2.5',
            )}
          >
            {known && (
              <span
                aria-hidden="true"
                className={cx(
                  'inline-flex min-w-6 items-center justify-center rounded-full px-1 font-bold',
                  size === 'sm' ? 'h-5 text-[0.625rem]' : 'h-6 text-[0.6875rem]',
                  known.tone,
                )}
              >
                {known.mark}
              </span>
            )}
            {text}
          </li>
        );
      })}
    </ul>
  );
}
