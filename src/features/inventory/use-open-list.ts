import { useEffect, useState } from 'react';
import { loadSyncEngine } from '../../api/session/engine-loader';
import { useSyncState } from '../../api/session/hooks';
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
