import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  needsRenewal,
  RENEW_CHECK_INTERVAL_MS,
  RENEW_MARGIN_MS,
  RENEW_RETRIES,
  RENEW_RETRY_DELAY_MS,
  requestRenewal,
} from '../../src/api/session/renewal';
import { fakeFetch } from './fake-fetch';

const MINUTE = 60_000;

describe('needsRenewal (timestamp − 10 min < now)', () => {
  const now = Date.parse('2025-11-24T12:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('uses the spec constants', () => {
    expect(RENEW_MARGIN_MS).toBe(10 * MINUTE);
    expect(RENEW_CHECK_INTERVAL_MS).toBe(5 * MINUTE);
    expect(RENEW_RETRIES).toBe(4);
    expect(RENEW_RETRY_DELAY_MS).toBe(1000);
  });

  it('is not due while more than 10 minutes remain', () => {
    expect(needsRenewal(at(60 * MINUTE), now)).toBe(false);
    expect(needsRenewal(at(10 * MINUTE + 1), now)).toBe(false);
  });

  it('is not due at exactly 10 minutes (strictly earlier than now)', () => {
    expect(needsRenewal(at(10 * MINUTE), now)).toBe(false);
  });

  it('is due inside the last 10 minutes and after expiry', () => {
    expect(needsRenewal(at(10 * MINUTE - 1), now)).toBe(true);
    expect(needsRenewal(at(MINUTE), now)).toBe(true);
    expect(needsRenewal(at(-MINUTE), now)).toBe(true);
  });

  it('treats an unreadable timestamp as due', () => {
    expect(needsRenewal('not a date', now)).toBe(true);
  });
});

describe('requestRenewal (POST /v1/auth/renew)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const token = { token: 'new', validTo: '2025-11-24T13:00:00.000Z' };

  it('sends the current token and returns the new one', async () => {
    const fake = fakeFetch({ status: 200, body: token });
    const result = await requestRenewal({ baseUrl: '/', fetch: fake.fetch }, 'old');
    expect(result).toEqual({ kind: 'renewed', session: token });
    expect(fake.calls[0]).toMatchObject({
      url: '/v1/auth/renew',
      method: 'POST',
      headers: { Authorization: 'Bearer old' },
    });
  });

  it('retries up to 4 times with 1000 ms between attempts on retryable statuses', async () => {
    const fake = fakeFetch(
      { status: 503 },
      { status: 429 },
      { status: 500 },
      { status: 408 },
      { status: 200, body: token },
    );
    const promise = requestRenewal({ baseUrl: '/', fetch: fake.fetch }, 'old');

    await vi.advanceTimersByTimeAsync(0);
    expect(fake.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fake.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(fake.calls).toHaveLength(5);
    await expect(promise).resolves.toEqual({ kind: 'renewed', session: token });
  });

  it('gives up after the 4th retry', async () => {
    const fake = fakeFetch({ status: 502 }, { status: 502 }, { status: 502 }, { status: 502 }, { status: 502 });
    const promise = requestRenewal({ baseUrl: '/', fetch: fake.fetch }, 'old');
    await vi.advanceTimersByTimeAsync(4 * RENEW_RETRY_DELAY_MS);
    const result = await promise;
    expect(result.kind).toBe('failed');
    expect(fake.calls).toHaveLength(1 + RENEW_RETRIES);
  });

  it('does not retry a refusal (401)', async () => {
    const fake = fakeFetch({ status: 401, body: { code: 'Unauthorized', message: 'Du behöver logga in igen.' } });
    const result = await requestRenewal({ baseUrl: '/', fetch: fake.fetch }, 'old');
    expect(result).toMatchObject({ kind: 'failed', error: { status: 401, code: 'Unauthorized', method: 'POST' } });
    expect(fake.calls).toHaveLength(1);
  });

  it('reports an answer without a token as empty', async () => {
    expect(await requestRenewal({ baseUrl: '/', fetch: fakeFetch({ status: 204 }).fetch }, 'old')).toEqual({
      kind: 'empty',
    });
    expect(await requestRenewal({ baseUrl: '/', fetch: fakeFetch({ status: 200, body: {} }).fetch }, 'old')).toEqual({
      kind: 'empty',
    });
  });

  it('reports no answer at all as offline (the session is kept)', async () => {
    const result = await requestRenewal({ baseUrl: '/', fetch: fakeFetch('network-error').fetch }, 'old');
    expect(result.kind).toBe('offline');
  });
});
