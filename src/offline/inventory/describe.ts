import offline from '../../../locales/sv/offline.json' with { type: 'json' };
import { NO_ZONE_LABEL } from '../../../contract/rules/inventory-items';
import type { OutboxEntry } from '../engine/database';
import { fill } from '../engine/messages';
import type { InventoryOp } from './operations';

const number = (n: number) => n.toLocaleString('sv-SE', { maximumFractionDigits: 3 });
const signed = (n: number) => (n > 0 ? `+${number(n)}` : number(n).replace('-', '−'));
const t = offline.change;
const unitText = (unit: 'piece' | 'carton') => (unit === 'carton' ? t.unitCarton : t.unitPiece);

/**
 * A waiting or refused inventory change in plain Swedish for the sync panel, e.g. `Räkna +1 kart Mellanmjölk i
 * ”Januari”`. Texts: locales/sv/offline.json `change`.
 */
export function describeInventoryEntry(entry: OutboxEntry, listName?: string): string {
  const list = listName ? fill(t.namedList, { name: listName }) : t.theList;
  const op = entry.op as InventoryOp;
  switch (op.type) {
    case 'createList':
      return fill(t.createInventoryList, { name: op.name });
    case 'updateList':
      return fill(t.updateInventoryList, { list });
    case 'deleteList':
      return listName ? fill(t.deleteNamedInventoryList, { list }) : t.deleteInventoryList;
    case 'closeList':
      return fill(t.closeInventoryList, { list });
    case 'addItem':
      return fill(t.addInventoryItem, { article: op.article.name, list });
    case 'patchItem':
      if (op.fields.accept) return fill(t.acceptInventoryItem, { article: op.name, list });
      return fill(t.patchInventoryItem, { article: op.name, list });
    case 'deleteItem':
      return fill(t.deleteInventoryItem, { article: op.name, list });
    case 'count':
      if (op.kind === 'set')
        return fill(t.countSet, { quantity: number(op.value), unit: unitText(op.unit), article: op.name, list });
      if (op.undo)
        return fill(t.undoScan, { amount: number(-op.value), unit: unitText(op.unit), article: op.name, list });
      return fill(t.countDelta, { amount: signed(op.value), unit: unitText(op.unit), article: op.name, list });
    case 'reorderZone':
      return fill(t.reorderZone, { zone: op.zone ?? NO_ZONE_LABEL, list });
  }
}
