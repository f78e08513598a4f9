import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { startSync } from '../../api/session/sync';

/**
 * Starts the page's offline sync once: the engine's triggers (start, online, tab visible, timer) and the link between
 * the page's session and the engine's. The controller itself is `syncController()`; the UI reads it through
 * `useSyncState()`.
 */
export function SyncProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    startSync(queryClient); // idempotent: StrictMode's second effect run changes nothing
  }, [queryClient]);
  return children;
}
