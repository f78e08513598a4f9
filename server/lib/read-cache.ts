import type { Bus } from './bus';

/** A kept answer: its bytes, what it shows, and the sum of those tags' versions it was read at (0 on PGlite). */
export type KeptAnswer = { body: Buffer; tags: readonly string[]; version: number };

/** What kept answers are forgotten by (decision 0076). The database's triggers (migration 0004) send the same names. */
export const readTags = {
  /** Everything: a TRUNCATE, news lost, a change answered here that named no company. */
  all: 'all',
  /** Any product row (prices and list items show them). */
  products: 'products',
  /** A user's name (lists show who made them, order history who ordered). */
  users: 'users',
  /** Every kept answer of a company; also its own row (code) changed. */
  company: (companyId: string) => `company:${companyId}`,
  prices: (companyId: string) => `prices:${companyId}`,
  list: (listId: string) => `list:${listId}`,
  orders: (companyId: string) => `orders:${companyId}`,
} as const;

/**
 * Serialised answers of database reads (prices, a purchase list, order history), kept per process as UTF-8 bytes and
 * each tagged with what it shows, for at most `maxBytes` of bodies (least recently served dropped first).
 *
 * Correct across instances on one database (decision 0076): every change to a kept answer's rows — by this app,
 * another instance, or anyone writing straight into the database — makes a trigger (migration 0004) raise its tag's
 * version and NOTIFY the tag on the bus's channel when it commits; every instance forgets the answers with that tag. A
 * read that began before some news arrived is not kept (`mark`), so an answer read just before a change committed
 * cannot outlive the news. On PostgreSQL the news arrives a moment after the commit, so a kept answer is served only
 * while its tags' versions are still those it was read at (read-cache-answer.ts); PGlite hands the news to this
 * process before the writing query returns. While the bus's connection is down nothing is kept, and what was kept is
 * dropped. Refusals and errors are never kept; the access check runs before every lookup.
 */
export class ReadCache {
  private readonly entries = new Map<string, KeptAnswer>();
  private readonly byTag = new Map<string, Set<string>>();
  private bytes = 0;
  /** Raised by every forget; a read keeps its answer only if it is unchanged since the read began. */
  private generation = 0;
  private deaf = false;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  /** Hears every instance's news through the bus (the triggers' `rows-changed`), and its connection's losses. */
  follow(bus: Bus): void {
    bus.on('rows-changed', (event) => this.forget(event.tag));
    bus.onConnection((listening) => {
      // News sent while not listening is lost: keep nothing until listening again, then start afresh.
      this.deaf = !listening;
      this.forget(readTags.all);
    });
  }

  /** The kept answer of `key`, if any (then the most recently served). */
  get(key: string): KeptAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Taken before a read; `keep` keeps its answer only if nothing was forgotten since. */
  mark(): number {
    return this.generation;
  }

  /** Keeps an answer read after `mark`, unless news arrived since, the bus is deaf, or it is too large to be worth it. */
  keep(key: string, tags: readonly string[], body: Buffer, mark: number, version = 0): void {
    if (this.deaf || mark !== this.generation || body.length > this.maxBytes / 32) return;
    this.drop(key);
    // A Map iterates in insertion order, and `get` moves what it serves to the end: the oldest served goes first.
    for (const oldest of this.entries.keys()) {
      if (this.bytes + body.length <= this.maxBytes) break;
      this.drop(oldest);
    }
    this.entries.set(key, { body, tags, version });
    this.bytes += body.length;
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Forgets every answer with `tag` (all of them for `all`) here; reads under way are not kept. */
  forget(tag: string): void {
    this.generation++;
    if (tag === readTags.all) {
      this.entries.clear();
      this.byTag.clear();
      this.bytes = 0;
      return;
    }
    const keys = this.byTag.get(tag);
    if (!keys) return;
    this.byTag.delete(tag);
    for (const key of keys) this.drop(key);
  }

  /** Whether answers are kept now (not while the bus is deaf). */
  get keeping(): boolean {
    return !this.deaf;
  }

  /** Bytes of bodies kept and their number, for tests and the bench. */
  size(): { bytes: number; entries: number } {
    return { bytes: this.bytes, entries: this.entries.size };
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}
