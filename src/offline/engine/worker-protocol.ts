// The messages between the pages and the service worker (sw/ and src/app/pwa both import this; it imports neither).
// Plain data only (structured clone); no DOM or worker types, so both the app (DOM) and the worker (WebWorker) compile
// this file.
import type { SyncResult } from './sync';

/** Page → worker: drain the outbox now. The answer goes to `event.ports[0]` if given, else to the sending client. */
export const SYNC_MESSAGE = 'SKAFFERI_SYNC';
/** Worker → page: the answer to one SYNC_MESSAGE. */
export const SYNC_RESULT_MESSAGE = 'SKAFFERI_SYNC_RESULT';
/** Worker → every window: a drain in the worker finished (after a Background Sync or a message). */
export const SYNCED_MESSAGE = 'SKAFFERI_SYNCED';
/** Page → waiting worker: take over now (what workbox-window's `messageSkipWaiting()` sends). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** What woke the worker's drain. */
export type DrainTrigger = 'backgroundSync' | 'message';

export type SyncRequest = { type: typeof SYNC_MESSAGE };

export type SyncOutcome = { ok: true; result: SyncResult } | { ok: false; error: string };

export type SyncResultMessage = { type: typeof SYNC_RESULT_MESSAGE } & SyncOutcome;

export type SyncedMessage = { type: typeof SYNCED_MESSAGE; trigger: DrainTrigger } & SyncOutcome;

export type WorkerRequest = SyncRequest | { type: typeof SKIP_WAITING_MESSAGE };

export function isWorkerRequest(data: unknown): data is WorkerRequest {
  if (typeof data !== 'object' || data === null) return false;
  const type = (data as { type?: unknown }).type;
  return type === SYNC_MESSAGE || type === SKIP_WAITING_MESSAGE;
}
