import type { Cart } from '../../../contract/cart';
import { plusDays, stockholmInstant, todayIn } from './delivery';

type Entry = { body: Buffer; from: number; until: number };

/**
 * A per-process cache of `GET …/cart` answers (serialised to UTF-8 once), per user and company code (docs/decisions/0023).
 * An entry is served only while the clock is within [computed at, valid until], where "valid until" is the earliest of
 * the time to live, the next deadline the answer shows and the next Stockholm midnight — so an answer never outlives a
 * deadline or a day change that would alter it, also with a test's clock. Every cart change made by this process
 * forgets the entry (a generation counter keeps a read that raced with the change from storing the old state).
 */
export class CartAnswerCache {
  private entries = new Map<string, Entry>();
  private generations = new Map<string, number>();

  constructor(private readonly maxEntries = 10_000) {}

  private key(userId: string, companyCode: string) {
    return `${userId}|${companyCode}`;
  }

  /** The generation to hand back to `set`: a change in between makes that set a no-op. */
  generation(userId: string, companyCode: string): number {
    return this.generations.get(this.key(userId, companyCode)) ?? 0;
  }

  get(userId: string, companyCode: string, now: Date): Buffer | undefined {
    const key = this.key(userId, companyCode);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const t = now.getTime();
    if (t < entry.from || t >= entry.until) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.body;
  }

  set(userId: string, companyCode: string, generation: number, cart: Cart, body: Buffer, now: Date, ttlMs: number) {
    if (ttlMs <= 0) return;
    const key = this.key(userId, companyCode);
    if ((this.generations.get(key) ?? 0) !== generation) return;
    // One-time notices (a moved date, a rounded quantity) belong to one answer only.
    if (cart.messages.some((m) => m.severity === 'info')) return;
    const t = now.getTime();
    const midnight = stockholmInstant(`${plusDays(todayIn(now), 1)}T00:00:00`).getTime();
    const deadlines = [cart.deadline, cart.nextDeliveryDate]
      .filter((d) => d !== null)
      .map((d) => Date.parse(d.deadline));
    const until = Math.min(t + ttlMs, midnight, ...deadlines);
    if (until <= t) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { body, from: t, until });
  }

  /** Forgets the answer of one user's cart for a company (after any change to it). */
  forget(userId: string, companyCode: string) {
    const key = this.key(userId, companyCode);
    this.entries.delete(key);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
  }
}

const caches = new WeakMap<object, CartAnswerCache>();

/** The one cache of a database handle, shared by every route module that changes carts. */
export function cartCacheFor(db: object): CartAnswerCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new CartAnswerCache()));
  return cache;
}
