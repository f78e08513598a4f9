/**
 * The offline engine (Dexie, the outbox, drains, the session handover) is not part of the app's entry: it loads after
 * the first render, on idle, or as soon as something asks for it (a mirrored screen, the sync indicator, a logout).
 * docs/decisions/0021-first-load-budget.md. This module is the light handle on it.
 */
type SyncModule = typeof import('./sync');

let loaded: SyncModule | undefined;
let loading: Promise<SyncModule> | undefined;
const listeners = new Set<() => void>();

/** Loads the engine's module (once); resolves with it. A failed load (e.g. a chunk error) may be tried again. */
export function loadSyncEngine(): Promise<SyncModule> {
  loading ??= import('./sync').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The engine's module if it has loaded, else undefined. */
export const loadedSyncEngine = (): SyncModule | undefined => loaded;

/** Called once when the engine's module has loaded. */
export function onSyncEngineLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
