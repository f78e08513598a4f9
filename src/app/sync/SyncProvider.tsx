import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { loadedSyncEngine, loadSyncEngine, onSyncEngineLoaded } from '../../api/session/engine-loader';
import { whenIdle } from '../../lib/when-idle';

/**
 * Starts the page's offline sync once: the engine's triggers (start, online, tab visible, timer) and the link between
 * the page's session and the engine's. The engine (Dexie and the outbox) is not in the app's entry: it loads once the
 * page is idle after its first render, or earlier when a screen asks for it (a mirrored list, the sync indicator);
 * either way it starts as soon as it is there (docs/decisions/0021). The controller itself is `syncController()`; the
 * UI reads it through `useSyncState()`.
 */
export function SyncProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // startSync is idempotent: StrictMode's second effect run changes nothing.
    const start = () => loadedSyncEngine()?.startSync(queryClient);
    start();
    const stopWaiting = onSyncEngineLoaded(start);
    const cancelIdle = whenIdle(() => {
      void loadSyncEngine().catch((error: unknown) => console.error('Skafferi: synkningen kunde inte laddas', error));
    });
    return () => {
      stopWaiting();
      cancelIdle();
    };
  }, [queryClient]);
  return children;
}
