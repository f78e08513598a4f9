import { useId } from 'react';

interface WalkProgressProps {
  label: string;
  value: number;
  maxValue: number;
  /** What is shown and read out instead of a percentage: "42 av 60 räknade". */
  valueLabel: string;
}

/**
 * The count screen's progress bars as plain elements with the roles and values ui/ProgressBar (React Aria) gives: a
 * `progressbar` named by its visible label, read as its value text. The count screen's first paint needs no React
 * Aria (decision 0070, second round): its code is ~45 KB to parse before the first count on a phone, for two bars.
 */
export function WalkProgress({ label, value, maxValue, valueLabel }: WalkProgressProps) {
  const id = useId();
  const max = Math.max(maxValue, 1);
  const percentage = Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <div
      role="progressbar"
      aria-labelledby={id}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuetext={valueLabel}
      className="flex flex-col gap-1.5"
    >
      <div className="flex justify-between text-sm text-gray-700 dark:text-gray-300">
        <span id={id}>{label}</span>
        <span>{valueLabel}</span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700">
        <div
          className="h-full rounded-full bg-primary-600 transition-[width] duration-300 dark:bg-primary-400"
          style={{ width: `${percentage}%` }}
        />
      </div>
    </div>
  );
}
