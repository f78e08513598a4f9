import { useEffect, useState } from 'react';
import { loadSyncEngine } from '../../api/session/engine-loader';
import { useSyncState } from '../../api/session/hooks';
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
    // The engine's code comes after the screen's first paint (decision 0070, second round): marking the list is not
    // what the screen draws with. A list not on the device waits for the sync: the engine is asked for beside the
    // marking (not after it), and reads inventory before the other kinds (decision 0077).
    const engineLoad = asking
      ? loadSyncEngine().then((engine) => {
          engine.preferKind('inventoryList');
          return engine;
        })
      : null;
    engineLoad?.catch(() => undefined);
    void import('../../offline/inventory/mutate')
      .then(({ openInventoryList }) => openInventoryList(offlineDb(), id))
      .then(async (fresh) => {
        if (cancelled || (!fresh && !asking)) return;
        const engine = await (engineLoad ?? loadSyncEngine());
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
