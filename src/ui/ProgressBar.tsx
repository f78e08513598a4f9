import { ProgressBar as AriaProgressBar, Label } from 'react-aria-components';

interface ProgressBarProps {
  label: string;
  value: number;
  maxValue: number;
  /** Replaces the percentage as the text read out and shown, e.g. 'Visar 5 av 28'. */
  valueLabel: string;
  hideLabel?: boolean;
}

export function ProgressBar({ label, value, maxValue, valueLabel, hideLabel = true }: ProgressBarProps) {
  return (
    <AriaProgressBar
      value={value}
      maxValue={Math.max(maxValue, 1)}
      valueLabel={valueLabel}
      className="flex flex-col gap-1.5"
    >
      {({ percentage }) => (
        <>
          <div className="flex justify-between text-sm text-gray-700 dark:text-gray-300">
            <Label className={hideLabel ? 'sr-only' : undefined}>{label}</Label>
            <span>{valueLabel}</span>
          </div>
          <div className="h-1.5 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700">
            <div
              className="h-full rounded-full bg-primary-600 transition-[width] duration-300 dark:bg-primary-400"
              style={{ width: `${percentage ?? 0}%` }}
            />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
