import type { SyncResult } from './sync';

export interface SyncLoopOptions {
  now: () => number;
  /** Wait after a change before sending, so a burst of taps goes out in one drain. */
  debounceMs: number;
  /** One sync (drain, then refresh). */
  runOnce(force: boolean): Promise<SyncResult>;
  /** When changes wait and may go out by timer: the earliest time (backoff), else null; false = no timer. */
  waiting(): { retryAt: number | null } | false;
}

/**
 * When syncs run: one at a time, requests during a sync join one more round after it, and a timer for waiting
 * changes (a drain at the earliest due time, respecting the backoff). No timer is set before `start` or after `stop`.
 */
export function createSyncLoop(options: SyncLoopOptions) {
  const { now, debounceMs } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt = Infinity;
  let loop: Promise<void> | null = null;
  let requested = false;
  let requestedForce = false;
  let last: SyncResult | null = null;
  let started = false;

  function clearTimer(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    timerAt = Infinity;
  }

  /** A drain at `at` (or earlier, if one is already due earlier). */
  function schedule(at: number): void {
    if (!started || at >= timerAt) return;
    clearTimer();
    timerAt = at;
    timer = setTimeout(
      () => {
        timer = undefined;
        timerAt = Infinity;
        void request(false);
      },
      Math.max(0, at - now()),
    );
  }

  /** After a change of the outbox or a sync: a timer while the current user's changes wait. */
  function scheduleWaiting(): void {
    if (loop) return;
    const waiting = options.waiting();
    if (waiting === false) return;
    schedule(Math.max(now() + debounceMs, waiting.retryAt ?? 0));
  }

  async function runLoop(): Promise<void> {
    while (requested) {
      const force = requestedForce;
      requested = false;
      requestedForce = false;
      try {
        last = await options.runOnce(force);
      } catch (error) {
        // A bug or a broken database must not stop the triggers; the entries stay where they are.
        console.error('Skafferi: synkningen misslyckades', error);
      }
    }
  }

  /** Asks for a sync; resolves with the result of a sync that started after the call. */
  function request(force: boolean): Promise<SyncResult | null> {
    requested = true;
    requestedForce ||= force;
    clearTimer();
    loop ??= runLoop().finally(() => {
      loop = null;
      scheduleWaiting();
    });
    return loop.then(() => last);
  }

  return {
    request,
    scheduleWaiting,
    get started() {
      return started;
    },
    start(): void {
      started = true;
    },
    /** No more timers; resolves when the running sync (if any) has finished. */
    stop(): Promise<void> {
      started = false;
      clearTimer();
      const running = loop;
      return running ? running : Promise.resolve();
    },
    /** The result of the last sync, if any. */
    last: (): SyncResult | null => last,
  };
}
