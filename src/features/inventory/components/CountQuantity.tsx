import { useTranslation } from 'react-i18next';
import type { InventoryUnit } from '../../../../contract/inventory';
import { quantityText } from '../quantity-text';

interface CountQuantityProps {
  quantity: number;
  unit: InventoryUnit;
  piecesPerCarton: number;
  /** A variance: "+" before a gain. */
  signed?: boolean;
  /** The test id of the visible text: a test reads what a sighted user reads. */
  testId?: string;
}

/**
 * A count in whole cartons plus pieces: "13 kart + 1 st" on screen; a screen reader hears the words in full ("13
 * kartonger och 1 styck"), since "kart" and "st" are read out letter by letter or as other words.
 */
export function CountQuantity({ quantity, unit, piecesPerCarton, signed = false, testId }: CountQuantityProps) {
  const { t } = useTranslation('inventory');
  const text = quantityText(t, quantity, unit, piecesPerCarton, signed);
  return (
    <>
      {/* One count is never broken over two lines ("2 kart + 3" / "st"). */}
      <span aria-hidden="true" data-testid={testId} className="whitespace-nowrap">
        {text.short}
      </span>
      <span className="sr-only">{text.long}</span>
    </>
  );
}
