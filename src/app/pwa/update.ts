import { registerSW } from 'virtual:pwa-register';
import { guardedReload, RELOAD_GUARD_MS } from '../../lib/chunk-reload';
import { SKIP_WAITING_MESSAGE } from '../../offline/engine/worker-protocol';
import { isIdle, whenIdle } from '../../offline/busy';
import { createStore } from './store';

/**
 * App updates (SPEC §4 "App update", issue 4). Two signals, one outcome:
 * - the service worker: a new version is installed and waiting (`registerType: 'prompt'`);
 * - the build file: /build.json (polled every 10 minutes and when the tab becomes visible) names another build.
 *   With a service worker that only asks it to look for the new version (a reload under the old worker would get the
 *   old app shell again); without one (no support, or blocked) the next full load is the new version.
 * The user is offered the update ("Uppdatera") and it is applied on their click or on the next navigation, never while
 * a count screen is open or the outbox drains (./busy).
 */

/** SPEC §4: the build file is polled; §9: build-asset fetch guard 10 s. */
export const BUILD_POLL_MS = 10 * 60 * 1000;
export const BUILD_FETCH_TIMEOUT_MS = RELOAD_GUARD_MS;
/** How long to wait for the new worker to take control before navigating anyway (a switch takes ~0.3 s here). */
const TAKEOVER_TIMEOUT_MS = 2_000;
/** How long a parked switch may take to finish once the page navigates (measured: ~50 ms). */
const PARKED_SWITCH_MS = 10_000;

export const BUILD_ID: string = typeof __SKAFFERI_BUILD_ID__ === 'string' ? __SKAFFERI_BUILD_ID__ : 'dev';

export interface UpdateState {
  /** What says a new version is there: a waiting service worker, or a new build with no worker to install it. */
  available: 'worker' | 'build' | null;
  /** The user chose "Uppdatera" (or a navigation started it): waiting until nothing is busy, then reloading. */
  applying: boolean;
  /** The user closed the banner; the update still happens on the next navigation. */
  dismissed: boolean;
}

export const updateState = createStore<UpdateState>({ available: null, applying: false, dismissed: false });

let registration: ServiceWorkerRegistration | undefined;
let started = false;

const patch = (next: Partial<UpdateState>) => updateState.set((previous) => ({ ...previous, ...next }));

function controlled(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;
}

/** True once a new worker takes control of this page, false if none has within `ms`. */
function controllerChange(): (ms: number) => Promise<boolean> {
  const tookOver = new Promise<boolean>((resolve) =>
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(true), { once: true }),
  );
  return (ms) => Promise.race([tookOver, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
}

/**
 * The new worker takes over (skipWaiting), then the page loads `target` (or reloads) under it.
 *
 * Chromium sometimes parks the switch: the old worker, being stopped for the new one, is started again, and the new one
 * stays waiting until the next navigation, which is itself lost in the switch (the tab stays where it was). Measured in
 * the app update journey: after a mouse click on a link, in one run of three (the old worker restarting just after it
 * stopped); after Enter on the same link, in none of five. So after `TAKEOVER_TIMEOUT_MS` the page navigates anyway
 * (which finishes the switch), and when the new worker has taken control it loads the target once more.
 */
async function takeOverAndLoad(target?: string): Promise<boolean> {
  const waiting = registration?.waiting;
  if (!waiting || !navigator.serviceWorker) return guardedReload(target);
  const tookOverWithin = controllerChange();
  waiting.postMessage({ type: SKIP_WAITING_MESSAGE });
  if (await tookOverWithin(TAKEOVER_TIMEOUT_MS)) return guardedReload(target);
  const reloading = guardedReload(target);
  if (reloading) {
    void tookOverWithin(PARKED_SWITCH_MS).then((changed) => {
      if (changed) loadAgain(target);
    });
  }
  return reloading;
}

/** The navigation the switch lost, once more (not counted by the reload guard: it is the same reload). */
function loadAgain(target?: string): void {
  if (target) window.location.assign(target);
  else window.location.reload();
}

let attempt: Promise<boolean> | null = null;

/**
 * Marked on the page's Performance timeline each time an update was due and stays waiting (something is busy, or the
 * page reloaded less than `RELOAD_GUARD_MS` ago): what a check that it is not applied now can wait for.
 */
export const UPDATE_HELD_MARK = 'skafferi:update-held';

function held(): false {
  try {
    performance.mark(UPDATE_HELD_MARK);
  } catch {
    // no Performance timeline: nothing to mark
  }
  return false;
}

/**
 * Applies the update now if nothing is busy, else does nothing (`waitForIdle`: waits until nothing is busy). Returns
 * true when the page is being reloaded. One attempt at a time: a navigation that starts and ends (two triggers) or a
 * click during a navigation must not ask the new worker twice to take over or spend the reload guard twice.
 */
export function applyUpdate(options: { target?: string; waitForIdle?: boolean } = {}): Promise<boolean> {
  if (attempt) return options.waitForIdle ? attempt.then((done) => done || applyUpdate(options)) : attempt;
  const { available, applying } = updateState.get();
  if (!available || (applying && !options.waitForIdle)) return Promise.resolve(false);
  attempt = (async () => {
    if (options.waitForIdle) {
      patch({ applying: true });
      await whenIdle();
    } else if (!(await isIdle())) {
      return held();
    }
    const reloading = await takeOverAndLoad(options.target);
    if (reloading) return true;
    patch({ applying: false });
    return held();
  })().finally(() => {
    attempt = null;
  });
  return attempt;
}

/** "Uppdatera": applies the update as soon as nothing is busy. */
export function updateNow(): Promise<boolean> {
  return applyUpdate({ waitForIdle: true });
}

export function dismissUpdate(): void {
  patch({ dismissed: true });
}

/** Reads /build.json; another build id than this app's means a new deploy. */
export async function checkBuild(): Promise<void> {
  if (import.meta.env.DEV || navigator.onLine === false) return;
  let id: unknown;
  try {
    const response = await fetch(`${import.meta.env.BASE_URL}build.json?t=${Date.now()}`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(BUILD_FETCH_TIMEOUT_MS),
    });
    if (!response.ok) return;
    id = ((await response.json()) as { id?: unknown }).id;
  } catch {
    return; // offline or a half-deployed server: ask again later
  }
  if (typeof id !== 'string' || id === BUILD_ID) return;
  if (registration && controlled()) {
    // The worker serves the app shell: the new version arrives through it (then 'worker' is offered).
    await registration.update().catch(() => undefined);
    if (registration.waiting) patch({ available: 'worker' });
    return;
  }
  if (!updateState.get().available) patch({ available: 'build', dismissed: false });
}

/** Registers the service worker and starts the build-file polling. Once per page. */
export function startUpdates(): void {
  if (started || typeof window === 'undefined') return;
  started = true;

  if ('serviceWorker' in navigator) {
    registerSW({
      immediate: true,
      onNeedRefresh: () => patch({ available: 'worker', dismissed: false }),
      // The new worker took control. When this page asked for it, takeOverAndLoad() reloads; when another tab did,
      // this page keeps running its version until its next navigation.
      onNeedReload: () => patch({ available: updateState.get().available ?? 'build' }),
      onRegisteredSW: (_url, r) => {
        registration = r;
      },
      onRegisterError: (error: unknown) => console.warn('Skafferi: service workern kunde inte registreras', error),
    });
  }

  setInterval(() => void checkBuild(), BUILD_POLL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkBuild();
  });
}

/** The service worker registration, once registered (the Background Sync and the tests use it). */
export function serviceWorkerRegistration(): ServiceWorkerRegistration | undefined {
  return registration;
}
