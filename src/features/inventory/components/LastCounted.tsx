import { useTranslation } from 'react-i18next';
import type { InventoryUnit } from '../../../../contract/inventory';
import type { MirrorInventoryItem } from '../../../offline/inventory/tables';
import { PlainButton } from '../../../ui/PlainButton';
import { countNumber as number, type LastCount } from '../use-count';
import { CountQuantity } from './CountQuantity';
import { CountedBy } from './CountedBy';
import { NumberPad } from './NumberPad';

interface LastCountedProps {
  /** The page's id prefix (`${id}-last` names the section). */
  id: string;
  item: MirrorInventoryItem | null;
  last: LastCount | null;
  units: InventoryUnit[];
  typing: boolean;
  unitText: (unit: InventoryUnit) => string;
  count: (item: MirrorInventoryItem, amount: number, unit: InventoryUnit, kind: 'delta' | 'undo') => Promise<void>;
  toggleTyping: () => void;
  setCount: (item: MirrorInventoryItem, quantity: number, unit: InventoryUnit) => Promise<void>;
}

/** The count screen's "Senast räknad": the item, its count, +1 piece / +1 carton, undo the last scan, the number pad. */
export function LastCounted({
  id,
  item,
  last,
  units,
  typing,
  unitText,
  count,
  toggleTyping,
  setCount,
}: LastCountedProps) {
  const { t } = useTranslation('inventory');
  return (
    <section
      aria-labelledby={`${id}-last`}
      className="rounded-2xl border-2 border-primary-200 bg-white p-4 dark:border-primary-800 dark:bg-gray-900"
    >
      <h2 id={`${id}-last`} className="text-sm font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-300">
        {t('count.last')}
      </h2>
      {item ? (
        <div data-testid="last-counted" data-item-id={item.id}>
          <p className="mt-1 text-xl font-bold break-words text-gray-950 dark:text-white">{item.name}</p>
          <p className="text-sm text-gray-600 dark:text-gray-300">
            {item.articleNumber}
            {item.zone ? ` · ${item.zone}` : ''}
            {item.piecesPerCarton > 1 ? ` · ${t('count.cartonInPieces', { pieces: item.piecesPerCarton })}` : ''}
          </p>
          <CountedBy item={item} />
          {last?.scan && (
            <p className="mt-1 text-lg font-semibold text-green-800 dark:text-green-300" data-testid="last-scan">
              +{number(last.scan.amount)} {unitText(last.scan.unit)}
              {last.scan.unit === 'carton' && item.piecesPerCarton > 1
                ? ` (${number(last.scan.amount * item.piecesPerCarton)} ${unitText('piece')})`
                : ''}
            </p>
          )}
          <p className="mt-2 text-4xl font-bold text-gray-950 tabular-nums dark:text-white">
            <CountQuantity
              quantity={item.quantity}
              unit={item.unit}
              piecesPerCarton={item.piecesPerCarton}
              testId="last-quantity"
            />
          </p>
          <div className="mt-4 grid grid-cols-2 gap-3">
            <PlainButton size="lg" className="h-16 text-xl" onClick={() => void count(item, 1, 'piece', 'delta')}>
              {t('count.plusPiece')}
            </PlainButton>
            {item.piecesPerCarton > 1 ? (
              <PlainButton size="lg" className="h-16 text-xl" onClick={() => void count(item, 1, 'carton', 'delta')}>
                {t('count.plusCarton')}
              </PlainButton>
            ) : (
              <span />
            )}
            <PlainButton
              size="lg"
              variant="secondary"
              className="h-16 text-xl"
              disabled={!last?.scan}
              onClick={() => last?.scan && void count(item, last.scan.amount, last.scan.unit, 'undo')}
            >
              {t('count.undo')}
            </PlainButton>
            <PlainButton
              size="lg"
              variant="secondary"
              className="h-16 text-xl"
              onClick={toggleTyping}
              aria-expanded={typing}
            >
              {t('count.typeCount')}
            </PlainButton>
          </div>
          {typing && (
            <div className="mt-4">
              <NumberPad
                name={item.name}
                units={units}
                piecesPerCarton={item.piecesPerCarton}
                onSubmit={(quantity, unit) => setCount(item, quantity, unit)}
              />
            </div>
          )}
        </div>
      ) : (
        <p className="mt-1 text-gray-700 dark:text-gray-300">{t('count.nothingYet')}</p>
      )}
    </section>
  );
}
