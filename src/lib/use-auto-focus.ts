import { useEffect, type RefObject } from 'react';

/** SPEC §9: input autofocus delay 100 ms. */
export const AUTOFOCUS_DELAY_MS = 100;

/** Whether the user is already in a field: the delayed autofocus must not pull them out of it mid-word. */
function inAnotherField(target: HTMLElement | null): boolean {
  const active = document.activeElement;
  return (
    active instanceof HTMLElement &&
    active !== target &&
    (active.matches('input, textarea, select') || active.isContentEditable)
  );
}

/**
 * Focuses the element 100 ms after the screen mounts (SPEC §9), unless the user has gone into a field meanwhile
 * (tapped the second field, or the header's search).
 */
export function useAutoFocus(ref: RefObject<HTMLElement | null>, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => {
      if (!inAnotherField(ref.current)) ref.current?.focus();
    }, AUTOFOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ref, enabled]);
}
