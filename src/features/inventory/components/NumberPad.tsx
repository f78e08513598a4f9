import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryUnit } from '../../../../contract/inventory';
import { piecesOfEntry } from '../../../../contract/rules/count';
import { PlainButton } from '../../../ui/PlainButton';
import { cx } from '../../../ui/cx';
import { parseTypedNumber } from '../logic';

interface NumberPadProps {
  name: string;
  /** The units the item is counted in, its own first; two when the article comes in cartons. */
  units: InventoryUnit[];
  piecesPerCarton: number;
  onSubmit: (quantity: number, unit: InventoryUnit) => Promise<void>;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', ',', '0', '⌫'] as const;

const FIELD_CLASS =
  'h-16 w-full rounded-xl border-2 bg-white px-4 text-right text-3xl font-bold tabular-nums text-gray-950 dark:bg-gray-900 dark:text-white';

/**
 * A number pad for a typed count (a set): big keys for cold fingers and a decimal comma. An article that comes in
 * cartons is typed as a kitchen worker counts it, whole cartons and pieces ("2 kart + 3 st"), in two fields; the keys
 * write into the field last chosen (the item's own unit first). Both fields also take the phone's own keyboard.
 */
export function NumberPad({ name, units, piecesPerCarton, onSubmit }: NumberPadProps) {
  const { t } = useTranslation('inventory');
  const id = useId();
  const mixed = units.includes('carton') && piecesPerCarton > 1;
  const fields: InventoryUnit[] = mixed ? ['carton', 'piece'] : [units[0] ?? 'piece'];
  const [texts, setTexts] = useState<Record<InventoryUnit, string>>({ carton: '', piece: '' });
  const [active, setActive] = useState<InventoryUnit>(units[0] ?? 'piece');
  const [error, setError] = useState<string | undefined>();

  const edit = (unit: InventoryUnit, change: (text: string) => string) => {
    setError(undefined);
    setTexts((v) => ({ ...v, [unit]: change(v[unit]) }));
  };
  const press = (key: (typeof KEYS)[number]) =>
    edit(active, (v) =>
      key === '⌫'
        ? v.slice(0, -1)
        : key === ','
          ? v.includes(',')
            ? v
            : `${v || '0'},`
          : (v === '0' ? key : v + key).slice(0, 10),
    );

  /** One set: one field as typed; cartons and pieces together as pieces (the server converts to the item's unit). */
  const entry = (): { quantity: number; unit: InventoryUnit } | null => {
    const typed = fields.filter((u) => texts[u].trim() !== '');
    const values = typed.map((u) => parseTypedNumber(texts[u]));
    if (typed.length === 0 || values.some((v) => Number.isNaN(v) || v < 0)) return null;
    if (typed.length === 1) return { quantity: values[0]!, unit: typed[0]! };
    return { quantity: piecesOfEntry(values[0]!, values[1]!, piecesPerCarton), unit: 'piece' };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = entry();
    if (!typed) {
      setError(t('count.invalidNumber'));
      return;
    }
    await onSubmit(typed.quantity, typed.unit);
    setTexts({ carton: '', piece: '' });
  };

  const label = mixed
    ? t('count.typedLabelMixed', { name })
    : t('count.typedLabel', { unit: t(`items.units.${fields[0]!}`), name });
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="font-semibold text-gray-900 dark:text-gray-100">
        {label}
      </p>
      <div className={cx('grid gap-2', mixed && 'grid-cols-2')}>
        {fields.map((unit) => (
          <div key={unit} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${unit}`} className="text-sm font-semibold text-gray-800 dark:text-gray-200">
              {mixed ? t(`count.field.${unit}`) : t('count.field.single', { unit: t(`items.units.${unit}`) })}
            </label>
            <input
              id={`${id}-${unit}`}
              name={unit === 'carton' ? 'cartons' : 'pieces'}
              value={texts[unit]}
              onChange={(e) => edit(unit, () => e.target.value)}
              onFocus={() => setActive(unit)}
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={cx(
                FIELD_CLASS,
                mixed && active === unit
                  ? 'border-primary-700 dark:border-primary-300'
                  : 'border-gray-300 dark:border-gray-600',
              )}
            />
          </div>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {mixed && (
        <p className="text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
          {t('count.keysInto', { field: t(`count.field.${active}`) })}
        </p>
      )}
      <div className="grid grid-cols-3 gap-2">
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            onClick={() => press(key)}
            aria-label={key === '⌫' ? t('count.erase') : key === ',' ? t('count.decimal') : undefined}
            className="h-16 rounded-xl bg-gray-100 text-2xl font-bold text-gray-950 active:bg-gray-300 dark:bg-gray-800 dark:text-white dark:active:bg-gray-700"
          >
            {key}
          </button>
        ))}
      </div>
      <PlainButton type="submit" size="lg" className="h-16 text-xl">
        {t('count.set')}
      </PlainButton>
    </form>
  );
}
