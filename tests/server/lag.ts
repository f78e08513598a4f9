import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long a change made on one instance takes to hold on another (decision 0047): `lagUntil(what, done)` asks `done`
 * every 10 ms until it holds, up to `waitMs` — well under AUTH_CACHE_SECONDS (10 s), so a cache that merely expired is
 * not taken for news — then prints the lag under `setup` and returns it. Shared by the in-process and the two-process
 * tests.
 */
export function lagMeter(setup: string, waitMs = 5_000) {
  return async function lagUntil(what: string, done: () => Promise<boolean>): Promise<number> {
    const started = performance.now();
    while (!(await done())) {
      if (performance.now() - started > waitMs) throw new Error(`${what}: not seen within ${waitMs} ms`);
      await sleep(10);
    }
    const lag = performance.now() - started;
    console.log(`${setup}, lag — ${what}: ${lag.toFixed(0)} ms`);
    return lag;
  };
}
