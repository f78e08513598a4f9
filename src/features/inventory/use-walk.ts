import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { movedInWalk, walkOrder } from '../../../contract/rules/inventory-items';
import { offlineDb } from '../../offline';
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
  // from the background tallies: no whole-list read before the first count.
  const listProgress = list.itemsRead
    ? { total: list.itemCount, counted: list.countedCount }
    : { total: 0, counted: 0 };
  const zoneProgress = inZone ? { total: inZone.length, counted: inZone.filter((i) => i.counted).length } : null;
  const walk: Walk | null = tallies && {
    steps: places.map((p) => {
      const tally = p.param === step?.param && zoneProgress ? zoneProgress : tallies.get(p.param);
      return { ...p, total: tally?.total ?? 0, counted: tally?.counted ?? 0 };
    }),
    ...listProgress,
  };
  const shownAll = inZone ?? [];
  const shown = show === 'all' ? shownAll : shownAll.filter((i) => !i.counted);

  const goTo = (param: string) => {
    const next = new URLSearchParams(params);
    next.set('zon', param);
    setParams(next, { replace: true });
  };

  const move = async (itemId: string, direction: -1 | 1) => {
    if (!step) return;
    const order = movedInWalk(
      shownAll.map((i) => i.id),
      itemId,
      direction,
    );
    try {
      await changeInventory({ type: 'reorderZone', listId: list.id, zone: step.zone, itemIds: order });
      const name = shownAll.find((i) => i.id === itemId)?.name ?? '';
      setMoved({ id: itemId, direction, position: order.indexOf(itemId) });
      setAnnounce(
        t('walk.moved', { name, position: order.indexOf(itemId) + 1, count: order.length, zone: step.label }),
      );
    } catch (error) {
      toast.error(changeErrorText(error), { id: 'inventory-walk' });
    }
  };

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
