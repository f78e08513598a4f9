/** SPEC §9 "route preload concurrency: more than 4 pending wait". */
export const ROUTE_PRELOAD_CONCURRENCY = 4;

export interface PreloadQueue {
  /** Runs `load` now if fewer than the limit are running, else when one of them has ended (first come, first run). */
  run<T>(load: () => Promise<T>): Promise<T>;
  /** Preloads running now, and waiting. */
  readonly running: number;
  readonly waiting: number;
}

/**
 * At most `concurrency` preloads at once; the rest wait in order. Preloads are guesses (a page the user may open next):
 * on a phone's connection, a dozen chunk downloads at once would delay the page the user did open. A preload that
 * fails frees its place like one that succeeds, so a failure never holds up the queue.
 */
export function createPreloadQueue(concurrency = ROUTE_PRELOAD_CONCURRENCY): PreloadQueue {
  let running = 0;
  const waiting: (() => void)[] = [];

  const next = () => {
    running -= 1;
    waiting.shift()?.();
  };

  return {
    run<T>(load: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          running += 1;
          let pending: Promise<T>;
          try {
            pending = load();
          } catch (error) {
            pending = Promise.reject(error);
          }
          pending.then(resolve, reject).finally(next);
        };
        if (running < concurrency) start();
        else waiting.push(start);
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

/** The app's one queue of route preloads (the router's prefetches of the pages a user may open next). */
export const routePreloads = createPreloadQueue();
