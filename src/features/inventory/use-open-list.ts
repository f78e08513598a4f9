import { useEffect, useState } from 'react';
import { useSyncState } from '../../api/session/hooks';
import { syncController } from '../../api/session/sync';
import { offlineDb } from '../../offline';
import { openInventoryList } from '../../offline/inventory/mutate';

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
    void openInventoryList(offlineDb(), id).then((fresh) => {
      if (cancelled || (!fresh && !asking)) return;
      return syncController()
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
