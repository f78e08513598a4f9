import { apiError } from '../../../contract/common';
import { sync } from '../../../contract/routes';
import { NOT_TRIED, SYNC_BATCH_MAX, isRetryable, syncResponse, type SyncChange } from '../../../contract/sync';
import type { OutboxEntry, OutboxError } from './database';
import { messageFor } from './messages';
import { kindOf } from './registry';
import type { NotReady, SessionClient } from './session-client';

/** One change's answer: its own call's status and body (status 0: the batch did not try it, see contract/sync.ts). */
export interface ChangeAnswer {
  status: number;
  body: unknown;
  replayed: boolean;
  retryAfter: string | null;
}

/** What a push got back: an answer per change sent (in order, possibly fewer), or why nothing was answered. */
export type PushResult =
  { kind: 'answers'; answers: ChangeAnswer[] } | { kind: NotReady } | { kind: 'refusedBatch'; answer: ChangeAnswer };

/** The request body stays well under the server's 1 MB limit (a cart's full replacement can be large). */
const BATCH_BYTES_MAX = 512 * 1024;

/** An entry to send and the keys, among the entries sent before it in the same batch, of the rows it needs. */
export interface Sending {
  entry: OutboxEntry;
  after: string[];
}

/**
 * The next batch from the user's waiting entries (seq order): up to `max` entries and BATCH_BYTES_MAX of JSON. Entries
 * that need a row whose creation was refused are not sent (`local`), and a row they would create counts as refused too.
 */
export function nextBatch(waiting: OutboxEntry[], refusedCreates: Set<string>, max: number) {
  const sending: Sending[] = [];
  const local: { entry: OutboxEntry; missing: string }[] = [];
  const createdBy = new Map<string, string>();
  let bytes = 0;
  for (const entry of waiting) {
    const missing = entry.dependsOn.find((id) => refusedCreates.has(id));
    if (missing !== undefined) {
      local.push({ entry, missing });
      if (entry.creates) refusedCreates.add(entry.creates);
      continue;
    }
    const size = JSON.stringify(entry.body ?? null).length + entry.path.length + 200;
    if (sending.length >= max || (sending.length > 0 && bytes + size > BATCH_BYTES_MAX)) break;
    bytes += size;
    const after = entry.dependsOn.flatMap((id) => (createdBy.has(id) ? [createdBy.get(id)!] : []));
    sending.push({ entry, after });
    if (entry.creates) createdBy.set(entry.creates, entry.mutationId);
  }
  return { sending, local };
}

const changeOf = ({ entry, after }: Sending): SyncChange => ({
  key: entry.mutationId,
  method: entry.method,
  path: entry.path,
  ...(entry.body === null ? {} : { body: entry.body }),
  ...(after.length > 0 ? { after } : {}),
});

/**
 * Sends the batch to POST /v1/sync with the user's token (renewed once on a 401, as every call). A server that does
 * not know the batch (404/405, an older one) or refuses it whole (400, 413) gets the changes one call each, as before
 * batching: the queue never sticks on a batch.
 */
export async function push(client: SessionClient, batch: Sending[], perCall = false): Promise<PushResult> {
  if (perCall) return pushPerCall(client, batch);
  const result = await client.send({
    method: sync.push.method,
    path: sync.push.path,
    body: { changes: batch.map(changeOf) },
  });
  if (result.kind !== 'answer') return { kind: result.kind };
  const { status, body, headers } = result.response;
  if (status >= 200 && status < 300) {
    const parsed = syncResponse.safeParse(body);
    if (!parsed.success) return { kind: 'unreachable' }; // unreadable: send the same keys again
    return {
      kind: 'answers',
      answers: parsed.data.results.map((r, i) => {
        // The answers come in the batch's order; a key that does not match is not this change's answer.
        if (r.key !== batch[i]?.entry.mutationId) return notTried;
        return { status: r.status, body: r.body, replayed: r.replayed, retryAfter: r.retryAfter ?? null };
      }),
    };
  }
  if ([400, 404, 405, 413].includes(status)) return pushPerCall(client, batch);
  return {
    kind: 'refusedBatch',
    answer: { status, body, replayed: false, retryAfter: headers.get('Retry-After') },
  };
}

const notTried: ChangeAnswer = { status: NOT_TRIED, body: null, replayed: false, retryAfter: null };

/** The way before batching: one call per change, each with its Idempotency-Key, stopping at the first unanswered. */
async function pushPerCall(client: SessionClient, batch: Sending[]): Promise<PushResult> {
  const answers: ChangeAnswer[] = [];
  for (const { entry } of batch) {
    const result = await client.send(
      { method: entry.method, path: entry.path, ...(entry.body === null ? {} : { body: entry.body }) },
      { 'Idempotency-Key': entry.mutationId },
    );
    if (result.kind !== 'answer') return answers.length === 0 ? { kind: result.kind } : { kind: 'answers', answers };
    const { status, body, headers } = result.response;
    answers.push({
      status,
      body,
      replayed: headers.get('Idempotency-Replayed') === 'true',
      retryAfter: headers.get('Retry-After'),
    });
    if (isRetryable(status)) break;
  }
  return { kind: 'answers', answers };
}

export const SYNC_BATCH_SIZE = SYNC_BATCH_MAX;

/** The server's `{code, message}` of a refused change, or the engine's own for an answer without one. */
export function errorOf(answer: Pick<ChangeAnswer, 'status' | 'body'>): OutboxError {
  const body = apiError.safeParse(answer.body);
  const fallback =
    answer.status === 429 ? 'RateLimited' : answer.status >= 500 ? 'InternalError' : `Http${answer.status}`;
  const code = body.success ? body.data.code : fallback;
  return { status: answer.status, code, message: body.success ? body.data.message : messageFor(code) };
}

/**
 * A deletion answered 404 reached its goal: the row is gone (deleted on another device, or with its list). It is done,
 * not refused: the user is not asked about a line that is gone either way.
 */
export function alreadyGone(entry: OutboxEntry, answer: Pick<ChangeAnswer, 'status' | 'body'>): boolean {
  if (entry.method !== 'DELETE' || answer.status !== 404) return false;
  const code = apiError.safeParse(answer.body);
  return code.success && kindOf(entry.entity).goneCodes.has(code.data.code);
}

/** The batch refused this change because one it builds on was refused (the server's 424 DependencyRefused). */
export function refusedWithDependency(answer: Pick<ChangeAnswer, 'status' | 'body'>): boolean {
  const code = apiError.safeParse(answer.body);
  return answer.status === 424 && code.success && code.data.code === 'DependencyRefused';
}
