import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { loadedSyncEngine, loadSyncEngine, onSyncEngineLoaded } from '../../api/session/engine-loader';
import { session } from '../../api/session/session';
import { whenIdle } from '../../lib/when-idle';

/** The offline engine's database (OFFLINE_DB_NAME in src/offline/engine/database.ts, not imported here: that would bring Dexie). */
const OFFLINE_DB_NAME = 'skafferi';

/**
 * Whether this page needs the engine before anyone logs in: with a session, yes; without one, only when the device
 * has the engine's database (it may hold another user's waiting changes or a session to clear). A first visit has
 * neither, so a visitor who never logs in never downloads the engine. Where the browser cannot list its databases,
 * the engine loads.
 */
async function engineNeededNow(): Promise<boolean> {
  if (session.get()) return true;
  try {
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
    return (await indexedDB.databases()).some((db) => db.name === OFFLINE_DB_NAME);
  } catch {
    return true;
  }
}

/**
 * Starts the page's offline sync once: the engine's triggers (start, online, tab visible, timer) and the link between
 * the page's session and the engine's. The engine (Dexie and the outbox) is not in the app's entry: it loads once the
 * page is idle after its first render (on a first visit, only once someone logs in), or earlier when a screen asks
 * for it (a mirrored list, the sync indicator); either way it starts as soon as it is there (docs/decisions/0021). The
 * controller itself is `syncController()`; the UI reads it through `useSyncState()`.
 */
export function SyncProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // startSync is idempotent: StrictMode's second effect run changes nothing.
    const start = () => loadedSyncEngine()?.startSync(queryClient);
    start();
    const stopWaiting = onSyncEngineLoaded(start);
    const load = () => {
      void loadSyncEngine().catch((error: unknown) => console.error('Skafferi: synkningen kunde inte laddas', error));
    };
    let stopWatching = () => {};
    let stopped = false;
    const cancelIdle = whenIdle(() => {
      void engineNeededNow().then((needed) => {
        if (stopped) return;
        if (needed) return load();
        // A login hands its session to the engine: load it then (the link takes the current session when it starts).
        const unsubscribe = session.subscribe((current) => {
          if (!current) return;
          unsubscribe();
          load();
        });
        stopWatching = () => void unsubscribe();
      });
    });
    return () => {
      stopped = true;
      stopWaiting();
      cancelIdle();
      stopWatching();
    };
  }, [queryClient]);
  return children;
}
