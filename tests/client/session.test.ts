import { describe, expect, it, vi } from 'vitest';
import type { RenewalResult } from '../../src/api/session/renewal';
import { createSessionRenewer } from '../../src/api/session/session-renewer';
import { createSessionStore, type Session, type SessionStorage } from '../../src/api/session/session-store';
import { ApiError } from '../../src/api/api-error';
import { destinationAfterSessionEnd } from '../../src/app/session-destination';

function memoryStorage(initial: Session | null = null): SessionStorage & { value: Session | null } {
  const storage = {
    value: initial,
    read: () => storage.value,
    write: (session: Session) => {
      storage.value = session;
    },
    remove: () => {
      storage.value = null;
    },
  };
  return storage;
}

const first = { token: 'a', validTo: '2025-11-24T12:00:00.000Z' };
const second = { token: 'b', validTo: '2025-11-24T13:00:00.000Z' };

describe('session store', () => {
  it('is logged in iff both values are stored, and replaces both on renewal', () => {
    const storage = memoryStorage(first);
    const store = createSessionStore(storage);
    expect(store.get()).toEqual(first);
    store.set(second);
    expect(storage.value).toEqual(second);
  });

  it('tells listeners why the session ended, once', () => {
    const store = createSessionStore(memoryStorage(first));
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear('logout');
    store.clear('logout');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(null, 'logout', null);
  });

  it('notices cookies that disappeared or changed in another tab', () => {
    const storage = memoryStorage(first);
    const store = createSessionStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    storage.value = second;
    store.syncFromStorage();
    expect(listener).toHaveBeenLastCalledWith(second, null, 'storage');
    storage.value = null;
    store.syncFromStorage();
    expect(listener).toHaveBeenLastCalledWith(null, 'cookiesGone', null);
  });
});

describe('session renewer', () => {
  const failed: RenewalResult = {
    kind: 'failed',
    error: new ApiError({ method: 'POST', url: '/', status: 401, code: 'Unauthorized' }),
  };

  it('runs one renewal for many callers and stores the new token', async () => {
    const store = createSessionStore(memoryStorage(first));
    const renew = vi.fn(async (): Promise<RenewalResult> => ({ kind: 'renewed', session: second }));
    const renewSession = createSessionRenewer(store, renew);
    const results = await Promise.all([renewSession(), renewSession(), renewSession()]);
    expect(results).toEqual([true, true, true]);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(renew).toHaveBeenCalledWith('a');
    expect(store.get()).toEqual(second);
  });

  it('deletes the session when renewal answers nothing', async () => {
    const store = createSessionStore(memoryStorage(first));
    const listener = vi.fn();
    store.subscribe(listener);
    expect(await createSessionRenewer(store, async () => ({ kind: 'empty' }))()).toBe(false);
    expect(store.get()).toBeNull();
    expect(listener).toHaveBeenCalledWith(null, 'renewalEmpty', null);
  });

  it('logs out when renewal fails', async () => {
    const store = createSessionStore(memoryStorage(first));
    const listener = vi.fn();
    store.subscribe(listener);
    expect(await createSessionRenewer(store, async () => failed)()).toBe(false);
    expect(listener).toHaveBeenCalledWith(null, 'renewalFailed', null);
  });

  it('keeps the session when offline', async () => {
    const store = createSessionStore(memoryStorage(first));
    const offline: RenewalResult = {
      kind: 'offline',
      error: new ApiError({ method: 'POST', url: '/', status: 0, code: 'NetworkError' }),
    };
    expect(await createSessionRenewer(store, async () => offline)()).toBe(false);
    expect(store.get()).toEqual(first);
  });
});

describe('where the user goes when the session ends', () => {
  it('goes to the start page after a logout or a failed renewal', () => {
    expect(destinationAfterSessionEnd('logout', false)).toBe('/');
    expect(destinationAfterSessionEnd('renewalFailed', true)).toBe('/');
  });

  it('leaves an auth page for /login otherwise, and stays on public pages', () => {
    for (const reason of ['renewalEmpty', 'unauthorized', 'startupFailed', 'cookiesGone'] as const) {
      expect(destinationAfterSessionEnd(reason, true)).toBe('/login');
      expect(destinationAfterSessionEnd(reason, false)).toBeNull();
    }
  });
});
