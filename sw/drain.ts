// The outbox drain in the service worker: the engine's own sync() (it reads the session copy from IndexedDB and
// holds the navigator.locks drain lock, so it never runs at the same time as a drain in a page).
import {
  createFetchTransport,
  offlineDb,
  sync,
  type DrainTrigger,
  type SyncOutcome,
  type SyncResult,
} from '../src/offline/engine';
// The kinds the worker drains register themselves (and the database schema) here.
import '../src/offline/kinds';
import { readClientConfig } from '../src/lib/config';

const transport = createFetchTransport({ baseUrl: readClientConfig(import.meta.env).apiBaseUrl });

let current: Promise<SyncResult> | null = null;
let next: Promise<SyncResult> | null = null;

function run(): Promise<SyncResult> {
  const started: Promise<SyncResult> = sync({ db: offlineDb(), transport, force: true }).finally(() => {
    if (current === started) current = null;
  });
  current = started;
  return started;
}

/**
 * A drain that starts now, or right after the one running (at most one waits). A trigger never just shares a drain
 * that is already under way: that one may have started before the network came back (a Background Sync that fires
 * while the last attempt is still failing). The engine's lock also keeps the page's drains apart.
 */
export function requestDrain(): Promise<SyncResult> {
  if (!current) return run();
  next ??= current
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      next = null;
      return run();
    });
  return next;
}

/** True when changes still wait because the network or the server is not there: the Background Sync should retry. */
export function shouldRetry(result: SyncResult): boolean {
  const { stopped, remaining } = result.drain;
  return remaining > 0 && (stopped === 'network' || stopped === 'backoff');
}

export async function outcomeOf(work: Promise<SyncResult>): Promise<SyncOutcome> {
  try {
    return { ok: true, result: await work };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

export type { DrainTrigger };
