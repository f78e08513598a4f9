import { z } from 'zod';
import { plainText } from './common';

/**
 * Most changes in one sync batch: one request, one server transaction (decision 0067). 250 (decision 0071, third
 * round): 1 000 changes are four round trips at a phone's latency, not ten. 250 was tried once before and taken back
 * (a batch held its transaction too long under load); a change now costs about a third of what it did then, and a
 * list's `updated_at` is written once per batch, not once per change.
 */
export const SYNC_BATCH_MAX = 250;

/** An Idempotency-Key as the per-call routes accept it (server/plugins/idempotency.ts). */
const key = z.string().regex(/^[\w.:-]{8,200}$/, { message: 'validation.invalid' });

/** One waiting change: the call it would have been sent as, its Idempotency-Key, and the keys it builds on. */
export const syncChange = z.strictObject({
  key,
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  /** Absolute from the API root, e.g. `/v1/purchase-lists/{id}/items`. */
  path: plainText.startsWith('/v1/', { message: 'validation.invalid' }).max(2000),
  body: z.unknown().optional(),
  /** Keys of earlier changes of this batch that must be applied for this one to make sense (a create it needs). */
  after: z.array(key).max(SYNC_BATCH_MAX).optional(),
});
export type SyncChange = z.infer<typeof syncChange>;

/** POST /v1/sync: 1..SYNC_BATCH_MAX changes of the signed-in user, applied in this order; every key once. */
export const syncBody = z.strictObject({
  changes: z
    .array(syncChange)
    .min(1, { message: 'validation.required' })
    .max(SYNC_BATCH_MAX)
    .refine((changes) => new Set(changes.map((c) => c.key)).size === changes.length, {
      message: 'validation.invalid',
    }),
});
export type SyncBody = z.infer<typeof syncBody>;

/**
 * What became of one change: its call's own answer (`status`, `body`; `replayed` when the key had been applied before,
 * per call or in a batch). `status` 0: not tried — an earlier change was answered retryable (5xx, 429, 408) and the
 * batch stopped there; the phone sends it again later under the same key.
 */
export const syncResult = z.object({
  key: z.string(),
  status: z.number().int(),
  body: z.unknown(),
  replayed: z.boolean(),
  /** The call's Retry-After, on the change the batch stopped at. */
  retryAfter: z.string().optional(),
});
export type SyncResult = z.infer<typeof syncResult>;

export const syncResponse = z.object({ results: z.array(syncResult) });
export type SyncResponse = z.infer<typeof syncResponse>;

/** The status of a change the batch did not try. */
export const NOT_TRIED = 0;

/** HTTP answers after which a change is kept and tried again later (DESIGN.md: network error, 5xx, 429, 408). */
export const isRetryable = (status: number) => status === 408 || status === 425 || status === 429 || status >= 500;

/**
 * Answers at which a batch stops (the server) and the phone backs off (the drain): the retryable ones, and a 401 in the
 * middle (the session ended meanwhile; the phone renews before it sends again).
 */
export const stopsTheBatch = (status: number) => status === 401 || isRetryable(status);

/** A change's answer that applied it. */
export const isApplied = (status: number) => status >= 200 && status < 300;
