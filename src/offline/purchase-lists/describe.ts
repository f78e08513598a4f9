import offline from '../../../locales/sv/offline.json' with { type: 'json' };
import type { OutboxEntry } from '../engine/database';
import { fill } from '../engine/messages';
import type { PurchaseListOp } from './operations';

const quantity = (n: number) => n.toLocaleString('sv-SE', { maximumFractionDigits: 3 });
const t = offline.change;

/**
 * A waiting or refused change in plain Swedish, for the sync panel, e.g. `Lägg till Mellanmjölk 1,5 l (2) i listan`.
 * `listName` is the list's name as the mirror has it, when the UI knows it. Texts: locales/sv/offline.json.
 */
export function describeListEntry(entry: OutboxEntry, listName?: string): string {
  const list = listName ? fill(t.namedList, { name: listName }) : t.theList;
  const op = entry.op as PurchaseListOp;
  switch (op.type) {
    case 'createList':
      return fill(t.createList, { name: op.name });
    case 'renameList':
      return fill(t.renameList, { list, name: op.name });
    case 'deleteList':
      return listName ? fill(t.deleteNamedList, { list }) : t.deleteList;
    case 'addItem':
      return fill(t.addItem, { product: op.product.name, quantity: quantity(op.quantity), list });
    case 'setItemQuantity':
      return fill(t.setItemQuantity, { quantity: quantity(op.quantity), list });
    case 'removeItem':
      return fill(t.removeItem, { list });
    case 'resetList':
      return fill(t.resetList, { list });
  }
}
