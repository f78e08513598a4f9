import { startTransition, useEffect, useState } from 'react';

interface BooleanStore {
  subscribe(listener: () => void): () => void;
  get(): boolean;
}

/**
 * A store's value (the page is idle, the header's widgets may load) with its changes rendered in a transition, for
 * what mounts a whole widget when it flips. `useSyncExternalStore` renders every change at once, in one task: after
 * idle, the header's widgets, the update banners and their Suspense boundaries were one render of 80–300 ms on a
 * phone's CPU, which Lighthouse counts as blocking time (issue #17). A transition lets React yield between components,
 * so a tap or a key meanwhile is answered first. Nothing here is urgent: each waits for idle to begin with.
 */
export function useStoreInTransition(store: BooleanStore): boolean {
  const [value, setValue] = useState(store.get);
  useEffect(() => {
    const update = () => startTransition(() => setValue(store.get()));
    const stop = store.subscribe(update);
    update(); // it may have changed between the render and the subscription
    return stop;
  }, [store]);
  return value;
}
