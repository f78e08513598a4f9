import type { OutboxEntity } from './database';

/**
 * Reads of single aggregates the device knows to be behind the server (a live view heard of a change elsewhere,
 * decision 0060): one read at a time per aggregate, and one more if news arrives during it, so that the last news is
 * always followed by a read. `onBusy` says whether any is behind: the sync word must not say "Synkad" meanwhile.
 * `news` (what the server said, for the kind to tell whether the device holds it already) goes with the read: the
 * one more read takes the latest news, or none (read in any case) when any news since came without.
 */
export function createAggregateRefresher(
  read: (entity: OutboxEntity, entityId: string, news: unknown) => Promise<unknown>,
  onBusy: (busy: boolean) => void,
) {
  const running = new Map<string, Promise<void>>();
  const again = new Map<string, { news: unknown }>();

  return function refreshAggregate(entity: OutboxEntity, entityId: string, news?: unknown): Promise<void> {
    const key = `${entity}|${entityId}`;
    const current = running.get(key);
    if (current) {
      const waiting = again.get(key);
      again.set(key, { news: waiting && waiting.news === undefined ? undefined : news });
      return current;
    }
    onBusy(true);
    const run = (async () => {
      try {
        let next: unknown = news;
        for (;;) {
          await read(entity, entityId, next);
          const more = again.get(key);
          if (!more) break;
          again.delete(key);
          next = more.news;
        }
      } catch (error) {
        console.error('Skafferi: listan kunde inte läsas om', error);
      } finally {
        running.delete(key);
        again.delete(key);
        onBusy(running.size > 0);
      }
    })();
    running.set(key, run);
    return run;
  };
}
