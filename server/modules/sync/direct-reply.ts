import type { FastifyReply, FastifyRequest } from 'fastify';

/** One change's answer, as its own call gave it. */
export type CallAnswer = { status: number; body: unknown; replayed: boolean; retryAfter?: string };

/** What a change's reply ended as: its status, its body as the phone reads it back from JSON, its headers. */
export type Sent = { status: number; body: unknown; headers: Record<string, unknown> };

/**
 * The part of Fastify's reply the syncable routes, their hooks and the error handler use (status, headers, send, a
 * thenable as `return reply.send(…)` needs), kept in memory (decision 0081). An object sent is written by the route's
 * serializer for its status and read back, as the phone reads the call's answer; an Error sent, or an answer its
 * serializer refuses, is left for the error handler (`failure`), as Fastify leaves it.
 */
export function fakeReply(request: FastifyRequest, serializerFor: (status: number) => (data: unknown) => string) {
  let status = 200;
  let sent = false;
  let body: unknown = null;
  let failure: unknown;
  const headers: Record<string, unknown> = {};
  const reply = {
    request,
    log: request.log,
    get statusCode() {
      return status;
    },
    set statusCode(code: number) {
      status = code;
    },
    get sent() {
      return sent;
    },
    status(code: number) {
      status = code;
      return reply;
    },
    code(code: number) {
      status = code;
      return reply;
    },
    header(name: string, value: unknown) {
      headers[name.toLowerCase()] = value;
      return reply;
    },
    headers(values: Record<string, unknown>) {
      for (const [name, value] of Object.entries(values)) headers[name.toLowerCase()] = value;
      return reply;
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
    getHeaders: () => ({ ...headers }),
    hasHeader: (name: string) => name.toLowerCase() in headers,
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
      return reply;
    },
    type(contentType: string) {
      headers['content-type'] = contentType;
      return reply;
    },
    send(payload?: unknown) {
      if (sent) return reply;
      if (payload instanceof Error) {
        failure = payload;
        return reply;
      }
      try {
        body = bodyOf(payload, status, serializerFor);
        sent = true;
      } catch (error) {
        failure = error;
      }
      return reply;
    },
    then(fulfilled?: (value: undefined) => unknown) {
      fulfilled?.(undefined);
    },
  };
  return {
    reply: reply as unknown as FastifyReply,
    /** The error sent or met while writing the answer, once; the caller hands it to the error handler. */
    takeFailure(): unknown {
      const taken = failure;
      failure = undefined;
      return taken;
    },
    sent: (): Sent => ({ status, body: sent ? body : null, headers }),
  };
}

/** The phone's answer of a change from what its reply ended as, whichever way the change was run (dispatch.ts). */
export function answerOf(sent: Sent): CallAnswer {
  const retryAfter = sent.headers['retry-after'];
  return {
    status: sent.status,
    body: sent.body,
    replayed: sent.headers['idempotency-replayed'] === 'true',
    ...(retryAfter === undefined ? {} : { retryAfter: String(retryAfter) }),
  };
}

function bodyOf(payload: unknown, status: number, serializerFor: (status: number) => (data: unknown) => string) {
  // No body on these, whatever was sent (as Node's http writes them).
  if (status === 204 || status === 304 || payload === undefined) return null;
  if (typeof payload === 'string') return parsed(payload);
  if (Buffer.isBuffer(payload)) return parsed(payload.toString('utf8'));
  return parsed(serializerFor(status)(payload));
}

/** An answer's text as the phone reads it: JSON when it is, the text otherwise, nothing when empty. */
export function parsed(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
