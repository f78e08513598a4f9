import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../../ui/Button';

/** What replaces a sent form: focus moves to it, so a screen reader reads it at once. */
export function SentMessage({
  heading,
  children,
  again,
  onAgain,
}: {
  heading: string;
  children: ReactNode;
  again: string;
  onAgain: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      className="flex flex-col items-start gap-3 rounded-lg border border-green-300 bg-green-50 p-5 text-green-950 outline-none focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-green-800 dark:bg-green-950/60 dark:text-green-50"
    >
      <p className="text-lg font-semibold">{heading}</p>
      <div className="flex flex-col gap-2">{children}</div>
      <Button variant="secondary" onPress={onAgain}>
        {again}
      </Button>
    </div>
  );
}
