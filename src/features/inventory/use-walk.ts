import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { movedInWalk, walkOrder } from '../../../contract/rules/inventory-items';
import { offlineDb } from '../../offline/schema';
import { readListZones, readZoneItems } from '../../offline/inventory/zone-reads';
import type { InventoryCompanyRow, MirrorInventoryList } from '../../offline/inventory/tables';
import { toast } from '../../ui/toast-queue';
import { changeErrorText, changeInventory } from './data';
import { useZoneTallies } from './use-zone-tallies';
import { currentStep, walkZones, type Walk } from './walk';

/** What the walk shows of the current zone: every item, or only those not counted yet. */
export type WalkShow = 'all' | 'notCounted';

/**
 * The count screen's walk zone by zone (issue #15): the steps and their progress from the list's items on the device,
 * the current zone in the address (`?zon=`, so a reload — offline too — comes back to it), and moving an item in the
 * zone's walking order (stored on the device at once, sent when online: the `reorderZone` change).
 *
 * The current zone's rows come first (issue #17, decision 0070): which zones hold items is read from the indexes and
 * the zone's own rows by [listId+zone]; the list's progress is its row's totals; the other zones' progress (`walk`,
 * null until then) is read zone by zone in the background. A reloaded 5 000-item list is counted in at once.
 */
export function useWalk(list: MirrorInventoryList, company: InventoryCompanyRow | null | undefined) {
  const { t } = useTranslation('inventory');
  const [params, setParams] = useSearchParams();
  const [show, setShow] = useState<WalkShow>('all');
  const [announce, setAnnounce] = useState('');
  /** The item just moved: its button keeps the focus once the row has moved. */
  const [moved, setMoved] = useState<{ id: string; direction: -1 | 1; position: number } | null>(null);
  const db = offlineDb();
  const zonesHeld = useLiveQuery(() => readListZones(db, list.id), [list.id, db]);

  const zones = company?.zones;
  const present = useMemo(
    () => (zonesHeld ? new Set<string | null>([...zonesHeld.zones, ...(zonesHeld.hasNone ? [null] : [])]) : null),
    [zonesHeld],
  );
  const places = useMemo(
    () => (present && company !== undefined ? walkZones(present, zones ?? []) : []),
    [present, company, zones],
  );
  const step = present ? currentStep({ steps: places }, params.get('zon'), present) : undefined;
  const index = step ? places.indexOf(step) : -1;
  const zoneKey = step ? step.param : null;
  // Only the current zone is read, sorted and drawn: a 5 000-item list stays quick to open and to count in.
  const zoneRead = useLiveQuery(
    async () =>
      step ? { param: step.param, rows: (await readZoneItems(db, list.id, step.zone)).sort(walkOrder) } : undefined,
    [list.id, db, zoneKey],
  );
  const inZone = zoneRead && step && zoneRead.param === step.param ? zoneRead.rows : null;
  const tallies = useZoneTallies(list, places);
  // The list's progress from its row (kept with every change), the current zone's from its rows, the other zones'
  // from the background tallies: no whole-list read before the first count. Memoised, as everything handed to the
  // walk's parts: a tap on the card (the number pad, a count) does not redraw the zone select or the walk's rows.
  const total = list.itemsRead ? list.itemCount : 0;
  const countedInList = list.itemsRead ? list.countedCount : 0;
  const listProgress = useMemo(() => ({ total, counted: countedInList }), [total, countedInList]);
  const zoneProgress = useMemo(
    () => (inZone ? { total: inZone.length, counted: inZone.filter((i) => i.counted).length } : null),
    [inZone],
  );
  const walk: Walk | null = useMemo(
    () =>
      tallies && {
        steps: places.map((p) => {
          const tally = p.param === step?.param && zoneProgress ? zoneProgress : tallies.get(p.param);
          return { ...p, total: tally?.total ?? 0, counted: tally?.counted ?? 0 };
        }),
        ...listProgress,
      },
    [tallies, places, step?.param, zoneProgress, listProgress],
  );
  const shownAll = useMemo(() => inZone ?? [], [inZone]);
  const shown = useMemo(() => (show === 'all' ? shownAll : shownAll.filter((i) => !i.counted)), [show, shownAll]);

  // The latest of what `goTo` and `move` read, so that they stay the same functions from render to render.
  const latest = useRef({ params, setParams, step, shownAll, listId: list.id, t });
  latest.current = { params, setParams, step, shownAll, listId: list.id, t };

  const goTo = useCallback((param: string) => {
    const { params: current, setParams: set } = latest.current;
    const next = new URLSearchParams(current);
    next.set('zon', param);
    set(next, { replace: true });
  }, []);

  const move = useCallback(async (itemId: string, direction: -1 | 1) => {
    const { step: at, shownAll: rows, listId, t: tr } = latest.current;
    if (!at) return;
    const order = movedInWalk(
      rows.map((i) => i.id),
      itemId,
      direction,
    );
    try {
      await changeInventory({ type: 'reorderZone', listId, zone: at.zone, itemIds: order });
      const name = rows.find((i) => i.id === itemId)?.name ?? '';
      setMoved({ id: itemId, direction, position: order.indexOf(itemId) });
      setAnnounce(tr('walk.moved', { name, position: order.indexOf(itemId) + 1, count: order.length, zone: at.label }));
    } catch (error) {
      toast.error(changeErrorText(error), { id: 'inventory-walk' });
    }
  }, []);

  return {
    loading: inZone === null,
    walk,
    listProgress,
    zoneProgress,
    steps: places,
    step,
    previous: index > 0 ? places[index - 1] : undefined,
    next: index >= 0 && index < places.length - 1 ? places[index + 1] : undefined,
    goTo,
    inZone: shownAll,
    shown,
    show,
    setShow,
    move,
    moved,
    announce,
  };
}
