import { useEffect, useState } from 'react';
import { offlineDb } from '../../offline/schema';
import { readZoneItems } from '../../offline/inventory/zone-reads';
import type { MirrorInventoryList } from '../../offline/inventory/tables';
import type { WalkPlace } from './walk';

export interface ZoneTally {
  total: number;
  counted: number;
}

/**
 * Scans in a row within this time read the other zones once, after the last of them; the first read waits as long,
 * so that the screen's first paint and the first count go before it (decision 0070).
 */
const SETTLE_MS = 400;

/**
 * Each zone's items and how many are counted (the walk's options and what is not counted per zone), read zone by zone
 * by [listId+zone] in the background: never the whole list in one read, which held a phone's main thread for 0.3–0.7 s
 * on every count of a 5 000-item list. The items without a zone are the list's totals (its row keeps them) less the
 * zones'. Read again when the list row moves (a count here or a refresh). null until the first read is done.
 */
export function useZoneTallies(list: MirrorInventoryList, places: readonly WalkPlace[]): Map<string, ZoneTally> | null {
  const [tallies, setTallies] = useState<{ key: string; map: Map<string, ZoneTally> } | null>(null);
  const key = `${list.id}|${places.map((p) => p.param).join('|')}`;
  const version = `${list.updatedAt}|${list.itemCount}|${list.countedCount}`;
  const { id, itemCount, countedCount } = list;
  useEffect(() => {
    if (places.length === 0) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void (async () => {
        const map = new Map<string, ZoneTally>();
        let total = 0;
        let counted = 0;
        for (const place of places) {
          if (place.zone === null) continue;
          const rows = await readZoneItems(offlineDb(), id, place.zone);
          if (cancelled) return;
          const tally = { total: rows.length, counted: rows.filter((r) => r.counted).length };
          map.set(place.param, tally);
          total += tally.total;
          counted += tally.counted;
          // One zone at a time: a tap in between is answered at once.
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
        const none = places.find((p) => p.zone === null);
        if (none) map.set(none.param, { total: itemCount - total, counted: countedCount - counted });
        if (!cancelled) setTallies({ key, map });
      })();
    }, SETTLE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // `places` and the list's totals are named by `key` and `version`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version]);
  return tallies && tallies.key === key ? tallies.map : null;
}
