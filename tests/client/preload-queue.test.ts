import { describe, expect, it } from 'vitest';
import { createPreloadQueue, ROUTE_PRELOAD_CONCURRENCY } from '../../src/lib/preload-queue';

/** A preload the test ends by hand. */
function deferred() {
  let resolve!: (value: string) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets settled promises' callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('route preload queue (SPEC §9: more than 4 pending wait)', () => {
  it('runs 4 at once; the 5th starts when one ends, and gets its own answer', async () => {
    expect(ROUTE_PRELOAD_CONCURRENCY).toBe(4);
    const queue = createPreloadQueue();
    const loads = Array.from({ length: 5 }, () => deferred());
    const started: number[] = [];
    const results = loads.map((load, i) =>
      queue.run(() => {
        started.push(i);
        return load.promise;
      }),
    );
    expect(started).toEqual([0, 1, 2, 3]);
    expect(queue.running).toBe(4);
    expect(queue.waiting).toBe(1);

    loads[2]!.resolve('two');
    await expect(results[2]).resolves.toBe('two');
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.running).toBe(4);
    expect(queue.waiting).toBe(0);

    for (const [i, load] of loads.entries()) load.resolve(`load ${i}`);
    await expect(results[4]).resolves.toBe('load 4');
    await settle();
    expect(queue.running).toBe(0);
  });

  it('a failed preload frees its place: the waiting one starts and later ones still run', async () => {
    const queue = createPreloadQueue();
    const loads = Array.from({ length: 6 }, () => deferred());
    const started: number[] = [];
    const results = loads.map((load, i) =>
      queue.run(() => {
        started.push(i);
        return load.promise;
      }),
    );
    loads[0]!.reject(new Error('chunk missing'));
    await expect(results[0]).rejects.toThrow('chunk missing');
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);

    // A load that throws before it returns a promise counts as a failure too.
    const thrown = queue.run(() => {
      throw new Error('no import');
    });
    loads[1]!.resolve('one');
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    loads[2]!.resolve('two');
    await expect(thrown).rejects.toThrow('no import');
    for (const load of loads) load.resolve('done');
    await settle();
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
  });
});
