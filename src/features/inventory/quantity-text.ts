import type { TFunction } from 'i18next';
import type { InventoryUnit } from '../../../contract/inventory';
import { quantityParts } from '../../../contract/rules/count';

/** A count as the screen shows it ("13 kart + 1 st") and as a screen reader says it ("13 kartonger och 1 styck"). */
export interface QuantityText {
  short: string;
  long: string;
}

/**
 * The texts of a quantity in whole cartons plus pieces (contract/rules/count.ts `quantityParts`). `signed` marks a
 * variance: "+" before a gain; a negative quantity always has its "−".
 */
export function quantityText(
  t: TFunction<'inventory'>,
  quantity: number,
  unit: InventoryUnit,
  piecesPerCarton: number,
  signed = false,
): QuantityText {
  const { sign, parts } = quantityParts(quantity, unit, piecesPerCarton);
  const word = (u: InventoryUnit, long: boolean) =>
    u === 'carton'
      ? long
        ? 'quantity.cartonsLong'
        : 'quantity.cartons'
      : long
        ? 'quantity.piecesLong'
        : 'quantity.pieces';
  const join = (long: boolean) => {
    const texts = parts.map((p) => t(word(p.unit, long), { count: p.amount }));
    return texts.length === 2
      ? t(long ? 'quantity.mixedLong' : 'quantity.mixed', { cartons: texts[0], pieces: texts[1] })
      : (texts[0] ?? '');
  };
  const short = join(false);
  const long = join(true);
  if (sign < 0) return { short: `−${short}`, long: t('quantity.less', { quantity: long }) };
  if (signed && quantity !== 0) return { short: `+${short}`, long: t('quantity.more', { quantity: long }) };
  return { short, long };
}
