import { useEffect, useRef, type ReactNode } from 'react';

interface AuthCardProps {
  heading: string;
  lead?: ReactNode;
  children: ReactNode;
  /** Changes when the card shows a new step (e.g. 'sent'); focus then moves to the heading. */
  step?: string;
}

/** The frame of the login screens: one card, one h1. */
export function AuthCard({ heading, lead, children, step }: AuthCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(step);
  useEffect(() => {
    if (step !== firstStep.current) headingRef.current?.focus();
  }, [step]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-14">
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-700 dark:bg-gray-900">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-gray-950 dark:text-white">
          {heading}
        </h1>
        {lead && <div className="mt-2 text-gray-700 dark:text-gray-300">{lead}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
