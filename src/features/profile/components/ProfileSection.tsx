import type { ReactNode } from 'react';
import { cx } from '../../../ui/cx';

interface ProfileSectionProps {
  heading: string;
  headingId: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function ProfileSection({ heading, headingId, action, children, className }: ProfileSectionProps) {
  return (
    <section
      aria-labelledby={headingId}
      className={cx(
        'rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 dark:border-gray-700 dark:bg-gray-900',
        className,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold text-gray-950 dark:text-white">
          {heading}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A term and its value in a description list. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-gray-600 dark:text-gray-400">{term}</dt>
      <dd className="font-medium text-gray-950 dark:text-gray-50">{children}</dd>
    </div>
  );
}
