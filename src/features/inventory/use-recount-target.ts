import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { offlineDb } from '../../offline/schema';
import type { MirrorInventoryItem } from '../../offline/inventory/tables';

/**
 * The review's "Räkna om" opens the count screen with `?artikel={itemId}`: that item becomes the one counted next
 * (as if picked), once, from the device's mirror.
 */
export function useRecountTarget(listId: string, choose: (item: MirrorInventoryItem) => void) {
  const [params] = useSearchParams();
  const itemId = params.get('artikel');
  const done = useRef<string | null>(null);
  const chooseRef = useRef(choose);
  chooseRef.current = choose;
  useEffect(() => {
    if (!itemId || done.current === itemId) return;
    done.current = itemId;
    void offlineDb()
      .inventoryItems.get(itemId)
      .then((item) => {
        if (item && item.listId === listId) chooseRef.current(item);
      });
  }, [itemId, listId]);
}
