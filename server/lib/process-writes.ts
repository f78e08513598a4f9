/**
 * Counts the writes this process has answered, per user, for caches that may skip the database when this process is
 * its only writer (PGlite). A write by staff counts for everyone (they may act for any company). Bumped after the
 * handler (and its transaction) finished, before the answer is sent: a read that follows the answer sees the count.
 */
export class ProcessWrites {
  private perUser = new Map<string, number>();
  private everyone = 0;

  /** The count a cached answer of the user is valid for. */
  of(userId: string): number {
    return (this.perUser.get(userId) ?? 0) + this.everyone;
  }

  wrote(userId: string, staff: boolean): void {
    if (staff) this.everyone++;
    else this.perUser.set(userId, (this.perUser.get(userId) ?? 0) + 1);
  }
}

const byDatabase = new WeakMap<object, ProcessWrites>();

/**
 * The write count of a database this process alone writes to: an embedded PGlite (one per data directory, opened by
 * one process). Shared by every app built on the same handle. None for PostgreSQL, where other instances write too.
 */
export function processWritesOf(database: { kind: string; db: object }): ProcessWrites | undefined {
  if (database.kind !== 'pglite') return undefined;
  let writes = byDatabase.get(database.db);
  if (!writes) byDatabase.set(database.db, (writes = new ProcessWrites()));
  return writes;
}
