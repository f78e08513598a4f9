/**
 * Deferred start-up work (docs/decisions/0021-first-load-budget.md): what the first screen does not need — the offline
 * engine, the service worker, the PWA prompts — starts once the first screen is there and the page is idle, instead of
 * at boot, so it neither delays nor competes with the start page's own code and data.
 *
 * "The first screen is there" is `markFirstScreen()` (main.tsx calls it when the router has loaded the first route);
 * then the window's `load`, then `requestIdleCallback` (capped). The moment the first deferred task runs is marked
 * `skafferi:idle` in the Performance timeline; bench/bundle-size.bench.ts counts the scripts fetched before it as the
 * first load. A screen whose user acts at once may hold the deferred work a little longer (`holdIdle`).
 */
export const IDLE_MARK = 'skafferi:idle';

/** Without a first-screen signal (e.g. a start-up that failed), deferred work still starts after this long. */
const FIRST_SCREEN_FALLBACK_MS = 10_000;

let firstScreen: () => void = () => {};
const firstScreenShown = new Promise<void>((resolve) => {
  firstScreen = resolve;
});

/** The first route has rendered (or failed): deferred work may start once the page is idle. */
export function markFirstScreen(): void {
  firstScreen();
}

function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function idleCallback(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 200);
  });
}

/** The holds taken by screens (`holdIdle`), and who waits for the last of them to go. */
let holds = 0;
const holdsGone = new Set<() => void>();

function noHolds(): Promise<void> {
  if (holds === 0) return Promise.resolve();
  return new Promise((resolve) => holdsGone.add(resolve));
}

/**
 * Keeps deferred work that has not started yet waiting until the returned function is called, or `maxMs` have passed.
 * The count screen takes one (decision 0070, fourth round): on a reloaded 5 000-item list the page was "idle" between
 * two IndexedDB reads, before the walk had drawn, and the engine, zod, the header's menus and the PWA prompts then
 * loaded and ran under the user's first taps. Work that has started already is not stopped.
 */
export function holdIdle(maxMs: number): () => void {
  holds += 1;
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    clearTimeout(timer);
    holds -= 1;
    if (holds > 0) return;
    const waiting = [...holdsGone];
    holdsGone.clear();
    for (const resolve of waiting) resolve();
  };
  const timer = setTimeout(release, maxMs);
  return release;
}

let idlePromise: Promise<void> | undefined;

/** Resolves once the first screen is shown, the page has loaded and the main thread is idle. */
export function pageIdle(): Promise<void> {
  idlePromise ??= Promise.race([
    firstScreenShown,
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_FALLBACK_MS)),
  ])
    .then(pageLoaded)
    .then(() => idleCallback(2000))
    // A screen that rendered meanwhile may hold the work (holdIdle); after its hold, the page is waited for again.
    .then(() => (holds > 0 ? noHolds().then(() => idleCallback(2000)) : undefined))
    .then(() => {
      idle = true;
      try {
        performance.mark(IDLE_MARK);
      } catch {
        // no Performance timeline: nothing to mark
      }
      for (const listener of idleListeners) listener();
    });
  return idlePromise;
}

/** Runs `task` once the page is idle (see above). Returns a function that cancels it if it has not run yet. */
export function whenIdle(task: () => void): () => void {
  let cancelled = false;
  void pageIdle().then(() => {
    if (!cancelled) task();
  });
  return () => {
    cancelled = true;
  };
}

let idle = false;
const idleListeners = new Set<() => void>();

/** "The page is idle now", for useSyncExternalStore. */
export const idleStore = {
  subscribe(listener: () => void): () => void {
    idleListeners.add(listener);
    void pageIdle();
    return () => idleListeners.delete(listener);
  },
  get: (): boolean => idle,
};
