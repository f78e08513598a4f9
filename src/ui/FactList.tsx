import type { ReactNode } from 'react';
import { cx } from './cx';

/** Label–value pairs as a description list: two columns from small screens up, stacked on a phone. */
export function FactList({ facts, className }: { facts: [label: string, value: ReactNode][]; className?: string }) {
  return (
    <dl className={cx('grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]', className)}>
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-gray-800 dark:text-gray-100">{label}</dt>
          <dd className="text-gray-800 dark:text-gray-200">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
