/**
 * The page's early reads (decision 0089): one read per path, taken once and only by its user, never started while the
 * engine is reading the path itself, and forgotten after a while.
 */
import { describe, expect, it } from 'vitest';
import { KEEP_MS, readAhead, takeReadAhead, type EarlyAnswer } from '../../src/offline/engine/read-ahead';

let n = 0;
const path = () => `/v1/company/10001/inventory-list/list-${++n}`;
const answer: EarlyAnswer = { status: 200, body: { id: 'x' } };

function starter() {
  const calls: number[] = [];
  return { calls, start: () => (calls.push(1), Promise.resolve(answer)) };
}

describe('reading ahead', () => {
  it('starts one read per path and gives it to its user once', async () => {
    const p = path();
    const s = starter();
    readAhead(p, 'anna', s.start);
    readAhead(p, 'anna', s.start);
    expect(s.calls).toHaveLength(1);
    await expect(takeReadAhead(p, 'anna')).resolves.toEqual(answer);
    expect(takeReadAhead(p, 'anna')).toBeUndefined();
  });

  it('gives nothing to another user', () => {
    const p = path();
    readAhead(p, 'anna', starter().start);
    expect(takeReadAhead(p, 'bo')).toBeUndefined();
    expect(takeReadAhead(p, 'anna')).toBeUndefined();
  });

  it('answers null for a read that failed', async () => {
    const p = path();
    readAhead(p, 'anna', () => Promise.reject(new Error('nät')));
    await expect(takeReadAhead(p, 'anna')).resolves.toBeNull();
  });

  it('does not start while the engine reads the path itself, and does again later', () => {
    const p = path();
    const t = 1_000_000;
    expect(takeReadAhead(p, 'anna', t)).toBeUndefined();
    const s = starter();
    readAhead(p, 'anna', s.start, t + KEEP_MS);
    expect(s.calls).toHaveLength(0);
    readAhead(p, 'anna', s.start, t + KEEP_MS + 1);
    expect(s.calls).toHaveLength(1);
  });

  it('forgets a read nobody took', () => {
    const p = path();
    readAhead(p, 'anna', starter().start, 5_000);
    expect(takeReadAhead(p, 'anna', 5_000 + KEEP_MS + 1)).toBeUndefined();
  });
});
