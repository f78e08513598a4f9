import type { CurrentUser } from '../../contract/customer';
import type { DbOrTx } from '../db/client';
import type { Bus } from '../lib/bus';
import type { companies } from '../db/schema';

export type CachedSession = { sessionId: string; validTo: number; user: CurrentUser };

/** The companies a session was found allowed to act for through one company or row name (`access.ts` keys them). */
export type KeptAccess = readonly Readonly<typeof companies.$inferSelect>[];

type Entry = CachedSession & { cachedAt: number; access?: Map<string, KeptAccess> };

type Log = { error(details: object, message: string): void };

/** Access outcomes kept per session at most. */
const MAX_ACCESS_PER_SESSION = 256;

/**
 * Recently seen sessions, by token hash, for at most `ttlMs`: most authenticated requests then need no database
 * round trip (docs/decisions/0007-session-cache.md).
 *
 * Every instance on one database forgets together (decision 0047): `forgetToken` / `forgetUser` forget here at once
 * and tell every instance through the bus (inside the caller's transaction when given one, so the news goes out when
 * the change commits); each instance forgets when the news arrives, within milliseconds. A read of the database that
 * began before some forget arrived is not kept (`mark`), so an answer read just before a change committed cannot
 * outlive it. While the bus's connection is down the cache keeps nothing (news may be lost then); the TTL remains
 * the backstop for news lost without the connection being seen to drop.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Raised by every forget, local or from another instance. */
  private generation = 0;
  private following: { bus: Bus; log: Log } | undefined;
  private deaf = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
  ) {}

  /** Hears every instance's forgets (this one's included) and tells them this one's. */
  follow(bus: Bus, log: Log): void {
    this.following = { bus, log };
    bus.on('session-ended', (event) => this.dropToken(event.tokenHash));
    bus.on('user-changed', (event) => this.dropUser(event.userId));
    bus.onConnection((listening) => {
      // Notifications sent while not listening are lost: keep nothing until listening again, then start afresh.
      this.deaf = !listening;
      this.clear();
    });
  }

  get(tokenHash: string, now = Date.now()): CachedSession | undefined {
    return this.live(tokenHash, now);
  }

  /**
   * What the access hook found this session may act for through `key` (a company or row name), kept with the session
   * (decision 0068, second round): it lives no longer than the session's entry and is forgotten with it — a logout, any
   * change to the user (their companies included), news lost while the bus was deaf, the TTL.
   */
  access(tokenHash: string, key: string, now = Date.now()): KeptAccess | undefined {
    return this.live(tokenHash, now)?.access?.get(key);
  }

  /** Keeps an allowed outcome of the access check, read after `mark`: not if anything was forgotten since. */
  keepAccess(tokenHash: string, key: string, companies: KeptAccess, mark: number, now = Date.now()): void {
    if (this.deaf || mark !== this.generation) return;
    const entry = this.live(tokenHash, now);
    if (!entry) return;
    // A session names few companies and rows; a client walking through many ids is not kept past a bound.
    if ((entry.access ??= new Map()).size >= MAX_ACCESS_PER_SESSION) entry.access.clear();
    entry.access.set(key, Object.freeze(companies.map((row) => Object.freeze({ ...row }))));
  }

  private live(tokenHash: string, now: number): Entry | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.cachedAt > this.ttlMs || entry.validTo <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Taken before reading a session from the database; `set` keeps the answer only if nothing was forgotten since. */
  mark(): number {
    return this.generation;
  }

  set(tokenHash: string, session: CachedSession, mark = this.generation, now = Date.now()): void {
    if (this.ttlMs <= 0 || this.deaf || mark !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { ...session, cachedAt: now });
  }

  /**
   * The token was logged out or replaced: forgotten here at once, on every instance when `tx` (if given) commits.
   * Inside a transaction, await it; otherwise it may be left running (it never rejects; a failure is logged).
   */
  forgetToken(tokenHash: string, tx?: DbOrTx): Promise<void> {
    this.dropToken(tokenHash);
    return this.tell({ type: 'session-ended', tokenHash }, tx);
  }

  /** The user's roles, companies, profile, password or status changed: as `forgetToken`, for all their sessions. */
  forgetUser(userId: string, tx?: DbOrTx): Promise<void> {
    this.dropUser(userId);
    return this.tell({ type: 'user-changed', userId }, tx);
  }

  private async tell(event: Parameters<Bus['publish']>[0], tx: DbOrTx | undefined): Promise<void> {
    if (!this.following) return;
    try {
      await this.following.bus.publish(event, tx);
    } catch (err) {
      // Other instances then see the change after at most the TTL.
      this.following.log.error({ err, event: event.type }, 'session change not published');
    }
  }

  private dropToken(tokenHash: string): void {
    this.generation++;
    this.entries.delete(tokenHash);
  }

  private dropUser(userId: string): void {
    this.generation++;
    for (const [hash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(hash);
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
