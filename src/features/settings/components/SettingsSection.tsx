import type { ReactNode } from 'react';

interface SettingsSectionProps {
  heading: string;
  headingId: string;
  lead?: string;
  children: ReactNode;
}

export function SettingsSection({ heading, headingId, lead, children }: SettingsSectionProps) {
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 dark:border-gray-700 dark:bg-gray-900"
    >
      <h2 id={headingId} className="text-lg font-bold text-gray-950 dark:text-white">
        {heading}
      </h2>
      {lead && <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{lead}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
