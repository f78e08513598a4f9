import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { movedInWalk } from '../../../contract/rules/inventory-items';
import { offlineDb } from '../../offline';
import type { InventoryCompanyRow, MirrorInventoryList } from '../../offline/inventory/tables';
import { toast } from '../../ui/toast-queue';
import { changeErrorText, changeInventory } from './data';
import { currentStep, walkOf, zoneItems } from './walk';

/** What the walk shows of the current zone: every item, or only those not counted yet. */
export type WalkShow = 'all' | 'notCounted';

/**
 * The count screen's walk zone by zone (issue #15): the steps and their progress from the list's items on the device,
 * the current zone in the address (`?zon=`, so a reload — offline too — comes back to it), and moving an item in the
 * zone's walking order (stored on the device at once, sent when online: the `reorderZone` change).
 */
export function useWalk(list: MirrorInventoryList, company: InventoryCompanyRow | null | undefined) {
  const { t } = useTranslation('inventory');
  const [params, setParams] = useSearchParams();
  const [show, setShow] = useState<WalkShow>('all');
  const [announce, setAnnounce] = useState('');
  /** The item just moved: its button keeps the focus once the row has moved. */
  const [moved, setMoved] = useState<{ id: string; direction: -1 | 1; position: number } | null>(null);
  const items = useLiveQuery(() => offlineDb().inventoryItems.where('listId').equals(list.id).toArray(), [list.id]);

  const walk = useMemo(() => walkOf(items ?? [], company?.zones ?? []), [items, company?.zones]);
  const step = currentStep(walk, params.get('zon'));
  const index = step ? walk.steps.indexOf(step) : -1;
  // Only the current zone is sorted and drawn: a 5 000-item list stays quick to open and to count in.
  const inZone = useMemo(() => (step && items ? zoneItems(items, step.zone) : []), [items, step]);
  const shown = show === 'all' ? inZone : inZone.filter((i) => !i.counted);

  const goTo = (param: string) => {
    const next = new URLSearchParams(params);
    next.set('zon', param);
    setParams(next, { replace: true });
  };

  const move = async (itemId: string, direction: -1 | 1) => {
    if (!step) return;
    const order = movedInWalk(
      inZone.map((i) => i.id),
      itemId,
      direction,
    );
    try {
      await changeInventory({ type: 'reorderZone', listId: list.id, zone: step.zone, itemIds: order });
      const name = inZone.find((i) => i.id === itemId)?.name ?? '';
      setMoved({ id: itemId, direction, position: order.indexOf(itemId) });
      setAnnounce(
        t('walk.moved', { name, position: order.indexOf(itemId) + 1, count: order.length, zone: step.label }),
      );
    } catch (error) {
      toast.error(changeErrorText(error), { id: 'inventory-walk' });
    }
  };

  return {
    loading: items === undefined,
    walk,
    step,
    previous: index > 0 ? walk.steps[index - 1] : undefined,
    next: index >= 0 && index < walk.steps.length - 1 ? walk.steps[index + 1] : undefined,
    goTo,
    inZone,
    shown,
    show,
    setShow,
    move,
    moved,
    announce,
  };
}
