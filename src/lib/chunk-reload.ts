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
 * Vite reports a failed lazy import as 'vite:preloadError'. Not while the browser is offline: the chunk is missing
 * because the service worker does not hold the app yet (a first visit), and a reload would only show the browser's
 * offline page instead of the app. The import's own error handling takes it then (a screen's error, a part that waits
 * for the network).
 */
export function reloadOnChunkErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (navigator.onLine === false) return;
    if (reloadAfterChunkError()) event.preventDefault();
  });
}
