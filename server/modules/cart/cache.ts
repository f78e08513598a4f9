import type { Cart } from '../../../contract/cart';
import { plusDays, stockholmInstant, todayIn } from './delivery';

/** What a cart answer was computed from: the cart row and its version (raised by every change, on any instance). */
export type CartStamp = { cartId: string; version: number };

type Entry = CartStamp & { body: Buffer; from: number; until: number; writes: number };

/**
 * A per-process cache of `GET …/cart` answers (serialised to UTF-8 once), per user and company id
 * (docs/decisions/0039). It is asked only after the access hook let the call through (decision 0052). An entry is
 * served only when the cart's row still has the id and version the answer was computed from — read in one small query
 * on every GET, so a change made through any server instance is seen at once — and while the clock is within [computed at, valid until]: the earliest of the time
 * to live, the next deadline the answer shows and the next Stockholm midnight, so an answer never outlives a deadline
 * or a day change that would alter it. What the version does not cover (products, prices, calendar changed elsewhere)
 * shows after at most the time to live. Answers with one-time notices are not kept.
 *
 * With an embedded database (PGlite) this process is the only writer, so the per-GET query is not needed: the app
 * counts the writes (`ProcessWrites`, server/lib/process-writes.ts), and an entry is served only while no write of its user (or of staff, who may
 * act for anyone) was answered since the answer began to be computed (`getIfUnwritten`).
 */
export class CartAnswerCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  private key(userId: string, companyId: string) {
    return `${userId}|${companyId}`;
  }

  private drop(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }

  /** The kept answer if it was computed from this cart row and version, and the clock is within its window. */
  get(userId: string, companyId: string, stamp: CartStamp, now: Date): Buffer | undefined {
    return this.serve(userId, companyId, now, (e) => e.cartId === stamp.cartId && e.version === stamp.version);
  }

  /** The kept answer, if no write of the user (or of staff) was answered since it began to be computed. */
  getIfUnwritten(userId: string, companyId: string, writes: number, now: Date): Buffer | undefined {
    return this.serve(userId, companyId, now, (e) => e.writes === writes);
  }

  /** An entry that is still current and within [computed at, valid until); any other is dropped. */
  private serve(userId: string, companyId: string, now: Date, current: (entry: Entry) => boolean) {
    const key = this.key(userId, companyId);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const t = now.getTime();
    if (!current(entry) || t < entry.from || t >= entry.until) {
      this.drop(key);
      return undefined;
    }
    return entry.body;
  }

  set(
    userId: string,
    companyId: string,
    stamp: CartStamp,
    cart: Cart,
    body: Buffer,
    now: Date,
    ttlMs: number,
    writes = 0,
  ) {
    if (ttlMs <= 0 || body.length > this.maxBytes / 4) return;
    // One-time notices (a moved date, a rounded quantity) belong to one answer only.
    if (cart.messages.some((m) => m.severity === 'info')) return;
    const t = now.getTime();
    const midnight = stockholmInstant(`${plusDays(todayIn(now), 1)}T00:00:00`).getTime();
    const deadlines = [cart.deadline, cart.nextDeliveryDate]
      .filter((d) => d !== null)
      .map((d) => Date.parse(d.deadline));
    const until = Math.min(t + ttlMs, midnight, ...deadlines);
    if (until <= t) return;
    const key = this.key(userId, companyId);
    this.drop(key);
    // The oldest entries go first when the cache is full (a Map iterates in insertion order).
    for (const oldest of this.entries.keys()) {
      if (this.bytes + body.length <= this.maxBytes) break;
      this.drop(oldest);
    }
    this.entries.set(key, { ...stamp, body, from: t, until, writes });
    this.bytes += body.length;
  }
}
