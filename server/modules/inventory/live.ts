/**
 * The open live views of inventory lists (issue #15, decision 0060): each is a server-sent-event stream of one list,
 * told which items changed when any instance commits a change of that list (the bus, server/lib/bus.ts). A stream
 * carries item ids only, never item data: the phone reads the list through its normal authorised calls, so what it
 * may see is decided in one place (the access gate), not here as well.
 */
import type { ServerResponse } from 'node:http';
import type { Bus } from '../../lib/bus';
import type { LiveShare } from './live-share';

/** What the stream says; the phone reads the list again on `changed` and `resync`. */
export type LiveMessage =
  | { event: 'ready' }
  /** `version`: the list's version this change made (a phone whose copy is already at it need not read). */
  | { event: 'changed'; itemIds: string[]; version: number }
  /** Changes may have been missed (the bus lost its connection): read the whole list again. */
  | { event: 'resync' }
  /** The session behind the stream ended (expired, logged out, user changed): open again with a fresh token. */
  | { event: 'expired' };

type Stream = {
  companyId: string;
  listId: string;
  userId: string;
  tokenHash: string;
  res: ServerResponse;
  end: () => void;
};

export type LiveOptions = {
  /** Streams one user may hold open (a phone opens one per open list), on every instance together when `share` is given. */
  maxPerUser?: number;
  /** The count of every instance on the database (live-share.ts); without it the limit is this instance's alone. */
  share?: LiveShare;
  /** A comment this often keeps proxies and phones from closing an idle stream. */
  heartbeatMs?: number;
};

export const LIVE_MAX_PER_USER = 10;
export const LIVE_HEARTBEAT_MS = 20_000;

export function createLiveLists(bus: Bus, options: LiveOptions = {}) {
  const maxPerUser = options.maxPerUser ?? LIVE_MAX_PER_USER;
  const heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const byList = new Map<string, Set<Stream>>();
  const perUser = new Map<string, number>();
  const all = new Set<Stream>();
  const share = options.share;
  // One write of the shared count at a time, each with the count as it is when it runs: an open and a close made
  // close together cannot land in the wrong order. A failed write leaves a row that stops counting within its time.
  let writes = Promise.resolve();
  const recordShared = (userId: string) => {
    if (!share) return;
    writes = writes.then(() => share.record(userId, perUser.get(userId) ?? 0)).catch(() => undefined);
  };
  const renewal = share
    ? setInterval(() => {
        if (perUser.size > 0) writes = writes.then(() => share.renew()).catch(() => undefined);
      }, heartbeatMs)
    : undefined;
  renewal?.unref();

  const write = (stream: Stream, message: LiveMessage) => {
    const { event, ...data } = message;
    stream.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  bus.on('inventory-changed', (event) => {
    for (const stream of byList.get(event.listId) ?? [])
      if (stream.companyId === event.companyId)
        write(stream, { event: 'changed', itemIds: event.itemIds, version: event.version });
  });
  // While the bus is deaf, other instances' changes are lost; both edges tell every view to read its list again.
  bus.onConnection(() => {
    for (const stream of all) write(stream, { event: 'resync' });
  });
  const endWhere = (match: (stream: Stream) => boolean) => {
    for (const stream of [...all])
      if (match(stream)) {
        write(stream, { event: 'expired' });
        stream.end();
      }
  };
  bus.on('session-ended', (event) => endWhere((s) => s.tokenHash === event.tokenHash));
  // Roles or companies may have changed: the next stream is authorised again.
  bus.on('user-changed', (event) => endWhere((s) => s.userId === event.userId));

  return {
    /** Whether the user may open one more stream: here, and with `share` on every instance together. */
    async mayOpen(userId: string): Promise<boolean> {
      const here = perUser.get(userId) ?? 0;
      if (here >= maxPerUser) return false;
      return !share || here + (await share.heldElsewhere(userId)) < maxPerUser;
    },

    /**
     * Keeps `res` (its headers already written) as a live view of the list until the client goes, the session ends
     * at `validTo`, or the server closes.
     */
    open(view: Omit<Stream, 'end'>, validTo: Date): void {
      const heartbeat = setInterval(() => view.res.write(': hej\n\n'), heartbeatMs);
      const expiry = setTimeout(() => endWhere((s) => s === stream), Math.max(0, validTo.getTime() - Date.now()));
      heartbeat.unref();
      expiry.unref();
      let ended = false;
      const stream: Stream = {
        ...view,
        end() {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          clearTimeout(expiry);
          all.delete(stream);
          const set = byList.get(view.listId);
          set?.delete(stream);
          if (set?.size === 0) byList.delete(view.listId);
          const left = (perUser.get(view.userId) ?? 1) - 1;
          if (left > 0) perUser.set(view.userId, left);
          else perUser.delete(view.userId);
          recordShared(view.userId);
          view.res.end();
        },
      };
      all.add(stream);
      byList.set(view.listId, (byList.get(view.listId) ?? new Set()).add(stream));
      perUser.set(view.userId, (perUser.get(view.userId) ?? 0) + 1);
      recordShared(view.userId);
      view.res.on('close', stream.end);
      write(stream, { event: 'ready' });
    },

    /** Open streams, lists with one and users holding one (tests check that closed streams leave nothing behind). */
    size: () => ({ streams: all.size, lists: byList.size, users: perUser.size }),

    /** Ends every stream (the server is closing: an open stream would keep it waiting) and clears its shared count. */
    async closeAll(): Promise<void> {
      clearInterval(renewal);
      for (const stream of [...all]) stream.end();
      await writes;
      await share?.clear().catch(() => undefined);
    },
  };
}

export type LiveLists = ReturnType<typeof createLiveLists>;
