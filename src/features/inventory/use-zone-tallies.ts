import { useEffect, useState } from 'react';
import { pageIdle } from '../../lib/when-idle';
import { offlineDb } from '../../offline/schema';
import { readZoneItems } from '../../offline/inventory/zone-reads';
import type { MirrorInventoryList } from '../../offline/inventory/tables';
import { explainedByZone, type WalkPlace, type ZoneTally } from './walk';

export type { ZoneTally } from './walk';

/**
 * Scans in a row within this time read the other zones once, after the last of them (decision 0070). The first read
 * waits for the page to be idle as well — after the count screen's first count, or its hold (`holdIdle`) — so that it
 * does not decode the whole list under the user's first taps.
 */
const SETTLE_MS = 400;

/**
 * Each zone's items and how many are counted (the walk's options and what is not counted per zone), read zone by zone
 * by [listId+zone] in the background: never the whole list in one read, which held a phone's main thread for 0.3–0.7 s
 * on every count of a 5 000-item list. The items without a zone are the list's totals (its row keeps them) less the
 * zones'. Read again when the list row moves by more than the current zone (`current`: its param and the tally of its
 * rows, which the walk has read). null until the first read is done.
 */
export function useZoneTallies(
  list: MirrorInventoryList,
  places: readonly WalkPlace[],
  current: { param: string; tally: ZoneTally } | null,
): Map<string, ZoneTally> | null {
  const [tallies, setTallies] = useState<{ key: string; map: Map<string, ZoneTally> } | null>(null);
  const key = `${list.id}|${places.map((p) => p.param).join('|')}`;
  const version = `${list.updatedAt}|${list.itemCount}|${list.countedCount}`;
  const { id, itemCount, countedCount } = list;
  const known = tallies && tallies.key === key ? tallies.map : null;
  const explained = !!known && !!current && explainedByZone(known, list, current);
  const currentKey = current ? `${current.param}|${current.tally.total}|${current.tally.counted}` : '';
  useEffect(() => {
    if (places.length === 0) return;
    if (explained && current) {
      // Only the current zone moved: its tally is the walk's, the others stay (no read).
      if (
        known!.get(current.param)?.counted !== current.tally.counted ||
        known!.get(current.param)?.total !== current.tally.total
      )
        setTallies({ key, map: new Map(known!).set(current.param, current.tally) });
      return;
    }
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
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
    };
    void pageIdle().then(() => {
      if (!cancelled) timer = setTimeout(() => void read(), SETTLE_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // `places` and the list's totals are named by `key` and `version`, the current zone's tally by `currentKey`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version, explained, currentKey]);
  return known;
}
