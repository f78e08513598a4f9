import offline from '../../../locales/sv/offline.json' with { type: 'json' };
import type { OutboxEntry } from '../engine/database';
import { pluralText } from '../../../contract/rules/plural';
import { fill } from '../engine/messages';
import type { CartOp } from './operations';

const quantity = (n: number) => n.toLocaleString('sv-SE', { maximumFractionDigits: 3 });
const t = offline.change;

/** A Swedish day for the sync panel, e.g. "tisdag 24 november" (no date library in the worker). */
function day(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(d.getTime())
    ? date
    : d.toLocaleDateString('sv-SE', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
}

/**
 * A waiting or refused cart change in plain Swedish, for the sync panel, e.g. `Lägg Mellanmjölk (2) i varukorgen för
 * 10001`. Texts: locales/sv/offline.json (`change.cart*`).
 */
export function describeCartEntry(entry: OutboxEntry): string {
  const op = entry.op as CartOp;
  const cart = fill(t.cartOfCompany, { company: entry.companyCode });
  switch (op.type) {
    case 'addProduct':
      return fill(t.cartAddProduct, { product: op.line.product.name, quantity: quantity(op.line.quantity), cart });
    case 'addProducts':
      return fill(pluralText(t, 'cartAddProducts', op.lines.length), { count: String(op.lines.length), cart });
    case 'setQuantity':
      return op.quantity === 0
        ? fill(t.cartRemoveLine, { cart })
        : fill(t.cartSetQuantity, { quantity: quantity(op.quantity), cart });
    case 'removeLine':
      return fill(t.cartRemoveLine, { cart });
    case 'removeLines':
      return fill(pluralText(t, 'cartRemoveLines', op.itemIds.length), { count: String(op.itemIds.length), cart });
    case 'clear':
      return fill(t.cartClear, { cart });
    case 'setDeliveryDate':
      return fill(t.cartDeliveryDate, { date: day(op.date), cart });
  }
}
