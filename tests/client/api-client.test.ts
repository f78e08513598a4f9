import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/api/api-error';
import { createApiClient, type ApiClientDeps } from '../../src/api/client';
import { fakeFetch, type Answer } from './fake-fetch';

function setup(answers: Answer[], overrides: Partial<ApiClientDeps> = {}) {
  const fake = fakeFetch(...answers);
  let token: string | null = 'token-1';
  const renewSession = vi.fn(async () => {
    token = 'token-2';
    return true;
  });
  const onUnauthorized = vi.fn();
  const client = createApiClient({
    baseUrl: '/',
    fetch: fake.fetch,
    getToken: () => token,
    renewSession,
    onUnauthorized,
    ...overrides,
  });
  return { client, calls: fake.calls, remaining: fake.remaining, renewSession, onUnauthorized };
}

const RETRYABLE = [408, 409, 425, 429, 500, 502, 503, 504];

describe('API client', () => {
  it('joins the base URL and path, sends the Bearer token and parses with the schema', async () => {
    const { client, calls } = setup([{ status: 200, body: { name: 'Kalle', extra: 1 } }]);
    const result = await client.request('v1/customer/', {
      schema: z.object({ name: z.string() }),
      query: { page: 2, q: '' },
    });
    expect(result).toEqual({ name: 'Kalle' });
    expect(calls[0]?.url).toBe('/v1/customer/?page=2');
    expect(calls[0]?.headers.Authorization).toBe('Bearer token-1');
  });

  it.each(RETRYABLE)('retries an idempotent request once on %i', async (status) => {
    const { client, calls } = setup([{ status }, { status: 200, body: { ok: true } }]);
    await expect(client.request('v1/x')).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it('retries only once', async () => {
    const { client, calls } = setup([{ status: 503 }, { status: 503 }]);
    await expect(client.request('v1/x')).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(2);
  });

  it.each(['PUT', 'DELETE'] as const)('retries %s (idempotent)', async (method) => {
    const { client, calls } = setup([{ status: 502 }, { status: 204 }]);
    await client.request('v1/x', { method });
    expect(calls).toHaveLength(2);
  });

  it.each(['POST', 'PATCH'] as const)('never retries %s', async (method) => {
    const { client, calls } = setup([{ status: 503 }]);
    await expect(client.request('v1/x', { method, body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(1);
  });

  it.each([400, 403, 404, 410, 422, 501])('does not retry %i', async (status) => {
    const { client, calls } = setup([{ status }]);
    await expect(client.request('v1/x')).rejects.toMatchObject({ status });
    expect(calls).toHaveLength(1);
  });

  it('errors carry method, URL, status, code and the API message', async () => {
    const { client } = setup([{ status: 410, body: { code: 'InvalidToken', message: 'Länken har redan använts.' } }]);
    const error = (await client
      .request('v1/auth/reset-password', { method: 'POST', body: {}, auth: 'none' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      method: 'POST',
      url: '/v1/auth/reset-password',
      status: 410,
      code: 'InvalidToken',
      serverMessage: 'Länken har redan använts.',
    });
  });

  it('gives a network error status 0 and code NetworkError', async () => {
    const { client } = setup(['network-error']);
    await expect(client.request('v1/x')).rejects.toMatchObject({
      status: 0,
      code: 'NetworkError',
      isNetworkError: true,
    });
  });

  it('rejects a response that does not match the contract', async () => {
    const { client } = setup([{ status: 200, body: { name: 42 } }]);
    await expect(client.request('v1/x', { schema: z.object({ name: z.string() }) })).rejects.toMatchObject({
      code: 'InvalidResponse',
    });
  });

  it('parses with a schema that is imported on demand, and rejects an answer it does not match', async () => {
    const { client } = setup([
      { status: 200, body: { name: 'Kalle', extra: 1 } },
      { status: 200, body: { name: 42 } },
    ]);
    const schema = async () => z.object({ name: z.string() });
    await expect(client.request('v1/customer/', { schema })).resolves.toEqual({ name: 'Kalle' });
    await expect(client.request('v1/customer/', { schema })).rejects.toMatchObject({ code: 'InvalidResponse' });
  });

  it("reads with a hand reader, and refuses what it cannot read with the answer's own status and address", async () => {
    const { client } = setup([
      { status: 200, body: { name: 'Kalle', extra: 1 } },
      { status: 200, body: { name: 42 } },
    ]);
    const read = (body: unknown) =>
      typeof body === 'object' && body !== null && 'name' in body && typeof body.name === 'string'
        ? { name: body.name }
        : undefined;
    await expect(client.request('v1/customer/', { read })).resolves.toEqual({ name: 'Kalle' });
    await expect(client.request('v1/customer/', { read })).rejects.toMatchObject({
      code: 'InvalidResponse',
      status: 200,
      url: expect.stringContaining('v1/customer/') as unknown,
    });
  });

  it('on 401 renews once and retries once with the new token', async () => {
    const { client, calls, renewSession, onUnauthorized } = setup([{ status: 401 }, { status: 200, body: { ok: 1 } }]);
    await expect(client.request('v1/x', { method: 'POST' })).resolves.toEqual({ ok: 1 });
    expect(renewSession).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.headers.Authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('logs out when the retry after renewal is 401 again, without renewing twice', async () => {
    const { client, calls, renewSession, onUnauthorized } = setup([{ status: 401 }, { status: 401 }]);
    await expect(client.request('v1/x')).rejects.toMatchObject({ status: 401 });
    expect(renewSession).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // with the token that was refused, so that a session begun meanwhile is not the one ended
    expect(onUnauthorized).toHaveBeenCalledWith('token-2');
    expect(calls).toHaveLength(2);
  });

  it('does not retry when renewal fails (the renewer logs out)', async () => {
    const renewSession = vi.fn(async () => false);
    const { client, calls } = setup([{ status: 401 }], { renewSession });
    await expect(client.request('v1/x')).rejects.toMatchObject({ status: 401 });
    expect(renewSession).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it('does not renew for calls without a session (login) or when logged out', async () => {
    const { client, renewSession, calls } = setup([
      { status: 401, body: { code: 'InvalidCredentials', message: 'Ogiltiga inloggningsuppgifter' } },
    ]);
    await expect(client.request('v1/auth/login', { method: 'POST', body: {}, auth: 'none' })).rejects.toMatchObject({
      code: 'InvalidCredentials',
    });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(renewSession).not.toHaveBeenCalled();

    const anonymous = setup([{ status: 401 }], { getToken: () => null });
    await expect(anonymous.client.request('v1/x')).rejects.toMatchObject({ status: 401 });
    expect(anonymous.renewSession).not.toHaveBeenCalled();
  });

  it('does not renew for logout (noRenew)', async () => {
    const { client, renewSession } = setup([{ status: 401 }]);
    await expect(client.request('v1/auth/logout', { method: 'POST', auth: 'noRenew' })).rejects.toMatchObject({
      status: 401,
    });
    expect(renewSession).not.toHaveBeenCalled();
  });

  it('a 401 followed by a retryable status still gets its one idempotent retry', async () => {
    const { client, calls } = setup([{ status: 401 }, { status: 503 }, { status: 200, body: 1 }]);
    await expect(client.request('v1/x')).resolves.toBe(1);
    expect(calls).toHaveLength(3);
  });

  it('hands a file answer over as it is, after renewing on a 401 like any call', async () => {
    const { client, calls, renewSession } = setup([{ status: 401 }, { status: 200, body: { pdf: true } }]);
    const response = await client.response('v1/order/7/export/pdf', { query: { group: 'zone' } });
    expect(await response.json()).toEqual({ pdf: true });
    expect(renewSession).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => [c.url, c.headers.Accept, c.headers.Authorization])).toEqual([
      ['/v1/order/7/export/pdf?group=zone', '*/*', 'Bearer token-1'],
      ['/v1/order/7/export/pdf?group=zone', '*/*', 'Bearer token-2'],
    ]);
  });

  it("throws a file answer's error with the server's code and message", async () => {
    const { client } = setup([
      { status: 404, body: { code: 'OrderDocumentNotFound', message: 'Dokumentet finns inte.' } },
    ]);
    await expect(client.response('v1/order/7/export/pdf')).rejects.toMatchObject({
      status: 404,
      code: 'OrderDocumentNotFound',
    });
  });

  describe('on a network that connects but never answers (decision 0085)', () => {
    /** A fetch whose answer never comes; it fails only when its signal aborts, as the browser's does. */
    const silent = (seen: string[]) =>
      ((input: RequestInfo | URL, init: RequestInit = {}) => {
        seen.push(`${init.method ?? 'GET'} ${String(input)}`);
        return new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        });
      }) as typeof fetch;

    it('a read without an answer fails as a network failure once its time limit has passed', async () => {
      const seen: string[] = [];
      const { client } = setup([], { fetch: silent(seen), readWaitMs: 20 });
      const failure = await client.request('v1/customer/').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect((failure as ApiError).isNetworkError).toBe(true);
      expect(seen).toEqual(['GET /v1/customer/']);
    });

    it('a read the caller cancels is a cancellation, not a network failure', async () => {
      const seen: string[] = [];
      const { client } = setup([], { fetch: silent(seen), readWaitMs: 60_000 });
      const controller = new AbortController();
      const pending = client.request('v1/customer/', { signal: controller.signal }).catch((error: unknown) => error);
      controller.abort(new DOMException('Left the page', 'AbortError'));
      const failure = await pending;
      expect(failure).not.toBeInstanceOf(ApiError);
      expect((failure as DOMException).name).toBe('AbortError');
    });

    it('a write is not cut short: its answer is taken however late it comes', async () => {
      let answer: (response: Response) => void = () => undefined;
      const slow = ((_input: RequestInfo | URL, init: RequestInit = {}) =>
        new Promise<Response>((resolve, reject) => {
          answer = resolve;
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        })) as typeof fetch;
      const { client } = setup([], { fetch: slow, readWaitMs: 1 });
      const pending = client.request('v1/purchase-lists', { method: 'POST', body: { name: 'Kök' } });
      await new Promise((resolve) => setTimeout(resolve, 30)); // well past the reads' limit
      answer(
        new Response(JSON.stringify({ id: 'l1' }), { status: 201, headers: { 'Content-Type': 'application/json' } }),
      );
      await expect(pending).resolves.toEqual({ id: 'l1' });
    });

    it('the limit is on the answer, not on reading its body', async () => {
      let more: (chunk: string) => void = () => undefined;
      let end: () => void = () => undefined;
      let fail: (reason: unknown) => void = () => undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          more = (chunk) => controller.enqueue(new TextEncoder().encode(chunk));
          end = () => controller.close();
          fail = (reason) => controller.error(reason);
        },
      });
      // As the browser's fetch: an abort after the answer has come breaks off the body being read.
      const answering = ((_input: RequestInfo | URL, init: RequestInit = {}) => {
        init.signal?.addEventListener('abort', () => fail(init.signal?.reason));
        return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
      }) as typeof fetch;
      const { client } = setup([], { fetch: answering, readWaitMs: 5 });
      const pending = client.request('v1/orders');
      more('{"data":');
      await new Promise((resolve) => setTimeout(resolve, 30)); // the body is still coming, past the limit
      more('[1,2]}');
      end();
      await expect(pending).resolves.toEqual({ data: [1, 2] });
    });
  });
});
