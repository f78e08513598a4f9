import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { movedInWalk, walkOrder } from '../../../contract/rules/inventory-items';
import { offlineDb, type OfflineDb } from '../../offline/schema';
import { readListZones, readZoneItems } from '../../offline/inventory/zone-reads';
import type { MirrorInventoryList } from '../../offline/inventory/tables';
import { toast } from '../../ui/toast-queue';
import { changeErrorText, changeInventory } from './data';
import { useLiveRead } from './use-live-read';
import { useZoneTallies } from './use-zone-tallies';
import { currentStep, walkZones, type Walk } from './walk';

/** What the walk shows of the current zone: every item, or only those not counted yet. */
export type WalkShow = 'all' | 'notCounted';

/** What the walk draws first, read in one go; undefined until read, null when the list is not on the device. */
export type WalkView = Awaited<ReturnType<typeof readWalkView>>;

async function readWalkView(db: OfflineDb, listId: string, zon: string | null) {
  // The zones come from the list's indexes, and the company's zone order from the few company rows the device keeps
  // (one per company the user counts for): all asked for beside the list's row, two round trips to IndexedDB fewer
  // before the first rows than reading the row first (decision 0083).
  const [list, held, companies] = await Promise.all([
    db.inventoryLists.get(listId),
    readListZones(db, listId),
    db.inventoryCompanies.toArray(),
  ]);
  if (!list) return null;
  const company = companies.find((c) => c.companyCode === list.companyCode);
  const present = new Set<string | null>([...held.zones, ...(held.hasNone ? [null] : [])]);
  const places = walkZones(present, company?.zones ?? []);
  const step = currentStep({ steps: places }, zon, present);
  // Only the current zone is read, sorted and drawn: a 5 000-item list stays quick to open and to count in.
  const rows = step ? (await readZoneItems(db, listId, step.zone)).sort(walkOrder) : [];
  return { listId, zon, places, param: step?.param ?? null, rows };
}

/**
 * One read for what the walk draws first (decision 0070, second round): which zones the list holds (its indexes), the
 * company's zone order and the current zone's rows, started by the screen itself beside the read of the list's row.
 * As three live queries of the walk, each waited for the render the one before it caused, and the first for the
 * list's row and the screen's first frame; on a busy phone each such step cost tens of milliseconds.
 */
export function useWalkView(listId: string | null): WalkView | undefined {
  const [params] = useSearchParams();
  const zon = params.get('zon');
  const db = offlineDb();
  return useLiveRead(async () => (listId ? readWalkView(db, listId, zon) : null), [listId, db, zon]);
}

/**
 * The count screen's walk zone by zone (issue #15): the steps and their progress from the list's items on the device,
 * the current zone in the address (`?zon=`, so a reload — offline too — comes back to it), and moving an item in the
 * zone's walking order (stored on the device at once, sent when online: the `reorderZone` change).
 *
 * The current zone's rows come first (issue #17, decision 0070): which zones hold items is read from the indexes and
 * the zone's own rows by [listId+zone]; the list's progress is its row's totals; the other zones' progress (`walk`,
 * null until then) is read zone by zone in the background. A reloaded 5 000-item list is counted in at once.
 */
export function useWalk(list: MirrorInventoryList, view: WalkView | undefined) {
  const { t } = useTranslation('inventory');
  const [params, setParams] = useSearchParams();
  const [show, setShow] = useState<WalkShow>('all');
  const [announce, setAnnounce] = useState('');
  /** The item just moved: its button keeps the focus once the row has moved. */
  const [moved, setMoved] = useState<{ id: string; direction: -1 | 1; position: number } | null>(null);
  const zon = params.get('zon');

  // The same steps stay the same objects while the zones do (the live query re-reads them with every count).
  const placesKey = view && view.listId === list.id ? view.places.map((p) => p.param).join('|') : '';
  const places = useMemo(
    () => (view && view.listId === list.id ? view.places : []),
    // `view.places` is named by its key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [placesKey],
  );
  // A zone just chosen shows at once in the select and the buttons; its rows follow when read.
  const fresh = !!view && view.listId === list.id && view.zon === zon;
  const step = places.find((p) => p.param === (fresh ? view.param : zon));
  const index = step ? places.indexOf(step) : -1;
  const inZone = fresh && step ? view.rows : null;
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
  const tallies = useZoneTallies(
    list,
    places,
    step && zoneProgress ? { param: step.param, tally: zoneProgress } : null,
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
