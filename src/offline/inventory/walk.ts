/**
 * A zone's walking order on the device (issue #15, docs/decisions/0061): the mirror takes the new positions at once,
 * by the same rule the server stores them with (contract/rules/inventory-items.ts walkPositions).
 */
import { walkPositions } from '../../../contract/rules/inventory-items';
import { MutationError, messageFor } from '../engine/messages';
import { later } from './rows';
import type { InventoryOp, InventoryState } from './changes';

type ReorderOp = Extract<InventoryOp, { type: 'reorderZone' }>;

/** The state with the zone's items placed as the op asks (pure and total: items gone meanwhile are skipped). */
export function reorderedZone(state: InventoryState, op: ReorderOp): InventoryState {
  if (!state.list) return state;
  const zoneItems = [...state.items.values()].filter((i) => i.zone === op.zone);
  const known = new Set(zoneItems.map((i) => i.id));
  const positions = walkPositions(
    zoneItems,
    op.itemIds.filter((id) => known.has(id)),
  );
  let next: Map<string, (typeof zoneItems)[number]> | null = null;
  for (const item of zoneItems) {
    const walkPosition = positions.get(item.id) ?? null;
    if (walkPosition === item.walkPosition) continue;
    next ??= new Map(state.items);
    next.set(item.id, { ...item, walkPosition, updatedAt: later(item.updatedAt, op.at) });
  }
  return next ? { list: state.list, items: next } : state;
}

/** What the server would refuse: an item that is not in the list (404) or lies in another zone (400). */
export function checkReorder(state: InventoryState, op: ReorderOp): MutationError | null {
  for (const [index, id] of op.itemIds.entries()) {
    const item = state.items.get(id);
    if (!item) return new MutationError('InventoryListItemNotFound');
    if (item.zone !== op.zone)
      return new MutationError('ItemNotInZone', messageFor('ItemNotInZone'), [
        { path: `itemIds.${index}`, message: messageFor('ItemNotInZone') },
      ]);
  }
  return null;
}
