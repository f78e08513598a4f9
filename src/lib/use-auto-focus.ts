import { useEffect, type RefObject } from 'react';

/** SPEC §9: input autofocus delay 100 ms. */
export const AUTOFOCUS_DELAY_MS = 100;

export function useAutoFocus(ref: RefObject<HTMLElement | null>, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => ref.current?.focus(), AUTOFOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ref, enabled]);
}
