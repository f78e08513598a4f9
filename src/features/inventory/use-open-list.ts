import { useEffect, useState } from 'react';
import { loadSyncEngine } from '../../api/session/engine-loader';
import { useActiveCompany, useCurrentUser, useSyncState } from '../../api/session/hooks';
import { readListAhead } from '../../api/queries/inventory-read-ahead';
import { openInventoryList } from '../../offline/inventory/opened';
import { offlineDb } from '../../offline/schema';

/**
 * Marks the list as opened on this device (from now on its items are kept here and read again when they change) and,
 * when the device does not have its items yet (or not the list at all), syncs once. Returns true while that first read
 * may still bring the list: offline the mirror is all there is.
 */
export function useOpenList(id: string | null, needsRead: boolean): boolean {
  const { online, draining } = useSyncState();
  const [checked, setChecked] = useState(false);
  const asking = id !== null && needsRead && online && !checked;
  useReadAhead(id, asking);
  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    // Marking the list is one small write (no engine, no zod), done before the engine is asked for: the engine's
    // first refresh then reads the list's items, and reads inventory before the other kinds (decision 0077).
    void openInventoryList(offlineDb(), id).then(async (fresh) => {
      if (cancelled || (!fresh && !asking)) return;
      const engine = await loadSyncEngine();
      engine.preferKind('inventoryList');
      return engine
        .syncController()
        .syncNow()
        .finally(() => {
          if (!cancelled) setChecked(true);
        });
    });
    return () => {
      cancelled = true;
    };
  }, [id, asking]);
  return needsRead && online && (asking || draining);
}

/**
 * While the device waits for the list's items, asks for them at once, for the engine to take when it has loaded
 * (decision 0089): the engine's chunks, its session check and the company's overview no longer come first. A list of
 * another company than the chosen one is not found there, and the engine reads it its own way.
 */
function useReadAhead(id: string | null, asking: boolean): void {
  const { code } = useActiveCompany();
  const userId = useCurrentUser().data?.id ?? null;
  useEffect(() => {
    if (asking && id && code && userId) readListAhead(code, id, userId);
  }, [asking, id, code, userId]);
}
