import type { OutboxEntity } from './database';

/**
 * Reads of single aggregates the device knows to be behind the server (a live view heard of a change elsewhere,
 * decision 0060): one read at a time per aggregate, and one more if news arrives during it, so that the last news is
 * always followed by a read. `onBusy` says whether any is behind: the sync word must not say "Synkad" meanwhile.
 */
export function createAggregateRefresher(
  read: (entity: OutboxEntity, entityId: string) => Promise<unknown>,
  onBusy: (busy: boolean) => void,
) {
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();

  return function refreshAggregate(entity: OutboxEntity, entityId: string): Promise<void> {
    const key = `${entity}|${entityId}`;
    const current = running.get(key);
    if (current) {
      again.add(key);
      return current;
    }
    onBusy(true);
    const run = (async () => {
      try {
        do {
          again.delete(key);
          await read(entity, entityId);
        } while (again.has(key));
      } catch (error) {
        console.error('Skafferi: listan kunde inte läsas om', error);
      } finally {
        running.delete(key);
        onBusy(running.size > 0);
      }
    })();
    running.set(key, run);
    return run;
  };
}
