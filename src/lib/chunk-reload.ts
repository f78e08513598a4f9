/** SPEC §4/§9: a chunk-load error triggers a reload, guarded for 10 s so a broken deploy cannot loop. */
export const RELOAD_GUARD_MS = 10_000;
const KEY = 'skafferi.chunkReloadAt';

/**
 * Reloads the page (or loads `target`, a path of this app) unless this tab already did so in the last 10 s: the one
 * guard shared by every automatic reload (chunk-load errors, app updates). Returns false when the guard held it back.
 */
export function guardedReload(target?: string): boolean {
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    return false;
  }
  if (target && target !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
    window.location.assign(target);
  } else {
    window.location.reload();
  }
  return true;
}

export function reloadAfterChunkError(): boolean {
  return guardedReload();
}

/**
 * Vite reports a failed lazy import as 'vite:preloadError'. Offline, only when a service worker controls the page:
 * it serves the reloaded app. Without one (a first visit whose worker does not hold the app yet) a reload would only
 * show the browser's offline page, so the import's own error handling takes it (a screen's error, a part that waits
 * for the network).
 */
export function reloadOnChunkErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (navigator.onLine === false && !navigator.serviceWorker?.controller) return;
    if (reloadAfterChunkError()) event.preventDefault();
  });
}
