/** SPEC §4/§9: a chunk-load error triggers a reload, guarded for 10 s so a broken deploy cannot loop. */
export const RELOAD_GUARD_MS = 10_000;
const KEY = 'skafferi.chunkReloadAt';

export function reloadAfterChunkError(): boolean {
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Vite reports a failed lazy import as 'vite:preloadError'. */
export function reloadOnChunkErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadAfterChunkError()) event.preventDefault();
  });
}
