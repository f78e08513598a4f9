import type { CurrentUser } from '../../contract/customer';

export type CachedSession = { sessionId: string; validTo: number; user: CurrentUser };

/**
 * Recently seen sessions, by token hash, for at most `ttlMs`: most authenticated requests then need no database
 * round trip. Changes made through this process forget the affected entries at once; another server instance may
 * see a revoked token or an old profile for at most the TTL (docs/decisions/0007-session-cache.md).
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession & { cachedAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 20_000,
  ) {}

  get(tokenHash: string, now = Date.now()): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (now - entry.cachedAt > this.ttlMs || entry.validTo <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  set(tokenHash: string, session: CachedSession, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { ...session, cachedAt: now });
  }

  forgetToken(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: string): void {
    for (const [hash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(hash);
  }
}
