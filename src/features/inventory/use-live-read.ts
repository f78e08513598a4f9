import { liveQuery } from 'dexie';
import { useEffect, useState, type DependencyList } from 'react';

/**
 * A Dexie live query read once per subscription. dexie-react-hooks' `useLiveQuery` runs its query once while rendering
 * (to find a value it could show at once, which IndexedDB never has) and again when it subscribes: for the count
 * screen's first read — a zone of a 5 000-item list — that was the same 1 000 rows decoded twice before the first
 * row showed. Like `useLiveQuery`: undefined until the first result, then the latest one (the previous result while
 * new `deps` are read); an error is thrown to the error boundary.
 */
export function useLiveRead<T>(read: () => Promise<T>, deps: DependencyList): T | undefined {
  const [state, setState] = useState<{ value?: T; error?: unknown }>({});
  useEffect(() => {
    const subscription = liveQuery(read).subscribe({
      next: (value) => setState({ value }),
      error: (error: unknown) => setState({ error }),
    });
    return () => subscription.unsubscribe();
    // The query is named by `deps`, as with useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  if (state.error !== undefined) throw state.error;
  return state.value;
}
