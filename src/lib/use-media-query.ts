import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following changes (a phone turned, a window resized). */
export function useMediaQuery(query: string): boolean {
  // One list per query, and a stable subscription: React subscribes again whenever `subscribe` changes identity.
  const list = useMemo(() => window.matchMedia(query), [query]);
  const subscribe = useCallback(
    (changed: () => void) => {
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list.matches,
    () => false,
  );
}
