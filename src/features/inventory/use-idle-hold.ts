import { useCallback, useLayoutEffect, useRef } from 'react';
import { holdIdle } from '../../lib/when-idle';

/**
 * Holds the app's deferred start-up work (the offline engine, the header's menus, the PWA prompts; `whenIdle`) while
 * this screen's user is about to act, at most `maxMs` from its first render; the returned function lets it go sooner
 * (the count screen: once the first count is stored). Taken before the first paint, so that the page's first idle
 * moment — between two IndexedDB reads, before the walk has drawn — does not start it.
 */
export function useIdleHold(maxMs: number): () => void {
  const release = useRef<() => void>(() => {});
  useLayoutEffect(() => {
    const letGo = holdIdle(maxMs);
    release.current = letGo;
    return letGo;
  }, [maxMs]);
  return useCallback(() => release.current(), []);
}
