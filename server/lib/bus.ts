import { sql } from 'drizzle-orm';
import type { DatabaseHandle, DbOrTx } from '../db/client';
import type { ConnectionWatcher } from '../db/listener';

/** The one channel every instance listens on. */
export const BUS_CHANNEL = 'skafferi_events';

/**
 * What one instance tells the others (and itself) through the database. Each names what changed, so that a process
 * can forget what it kept of it; none carries a secret (a token hash at most).
 */
export type BusEvent =
  | { type: 'session-ended'; tokenHash: string }
  | { type: 'user-changed'; userId: string }
  | { type: 'products-changed'; ids: string[] }
  | { type: 'company-prices-changed'; companyId: string }
  | { type: 'categories-changed' }
  | { type: 'cart-changed'; userId: string; companyId: string }
  /** A list, its items or their counts changed: open live views of it read it again (issue #15). */
  | { type: 'inventory-changed'; companyId: string; listId: string; itemIds: string[]; version: number }
  /**
   * Rows a kept read answer shows changed (server/lib/read-cache.ts): sent by the database's triggers when the change
   * commits (migration 0004), whoever wrote it, never by the app.
   */
  | { type: 'rows-changed'; tag: string };

type Handler<T extends BusEvent['type']> = (event: Extract<BusEvent, { type: T }>) => void;

/** PostgreSQL's NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7_900;

/**
 * Invalidation between server instances on one database, through PostgreSQL's LISTEN/NOTIFY (decision 0047). On
 * PGlite the same calls run in this process. `publish` inside a transaction is delivered when it commits, and not at
 * all when it rolls back.
 */
export function createBus(database: DatabaseHandle) {
  const handlers = new Map<string, Set<(event: BusEvent) => void>>();
  const watchers = new Set<ConnectionWatcher>();
  let stop: (() => Promise<void>) | undefined;

  function deliver(payload: string) {
    let event: BusEvent;
    try {
      event = JSON.parse(payload) as BusEvent;
    } catch {
      return;
    }
    for (const handler of handlers.get(event.type) ?? []) handler(event);
  }

  return {
    /** Starts listening; resolves once notifications from other instances arrive. */
    async start(): Promise<void> {
      stop ??= await database.listen(BUS_CHANNEL, deliver, (listening) => {
        for (const watcher of watchers) watcher(listening);
      });
    },

    /** `false` when news from other instances may be lost from now on (connection lost), `true` once heard again. */
    onConnection(watcher: ConnectionWatcher): void {
      watchers.add(watcher);
    },

    on<T extends BusEvent['type']>(type: T, handler: Handler<T>): void {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler as (event: BusEvent) => void);
    },

    /** Tells every instance, this one included; on `tx`, when that transaction commits. */
    publish(event: BusEvent, on: DbOrTx = database.db): Promise<void> {
      return publishOn(on, event);
    },

    async close(): Promise<void> {
      await stop?.();
      stop = undefined;
    },
  };
}

export type Bus = ReturnType<typeof createBus>;

/**
 * `publish` for code that holds a transaction but not the bus (a service written against `DbOrTx`): the notification
 * needs only the connection it is sent on, and goes out when that transaction commits.
 */
export async function publishOn(on: DbOrTx, event: BusEvent): Promise<void> {
  for (const message of splitLarge(event)) await on.execute(sql`select pg_notify(${BUS_CHANNEL}, ${message})`);
}

/** An event with many ids (products, or a list's items) goes out as several payloads that each fit. */
function splitLarge(event: BusEvent): string[] {
  const whole = JSON.stringify(event);
  if (whole.length <= MAX_PAYLOAD) return [whole];
  const parts: string[] = [];
  if (event.type === 'products-changed')
    for (let i = 0; i < event.ids.length; i += 150)
      parts.push(JSON.stringify({ type: event.type, ids: event.ids.slice(i, i + 150) }));
  else if (event.type === 'inventory-changed')
    for (let i = 0; i < event.itemIds.length; i += 150)
      parts.push(JSON.stringify({ ...event, itemIds: event.itemIds.slice(i, i + 150) }));
  else parts.push(whole);
  return parts;
}
