import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryUnit } from '../../../../contract/inventory';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { parseTypedNumber } from '../logic';

interface NumberPadProps {
  name: string;
  units: InventoryUnit[];
  onSubmit: (quantity: number, unit: InventoryUnit) => Promise<void>;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', ',', '0', '⌫'] as const;

/**
 * A number pad for a typed count (a set): big keys for cold fingers, a decimal comma, the unit to count in. The field
 * also takes the phone's own keyboard.
 */
export function NumberPad({ name, units, onSubmit }: NumberPadProps) {
  const { t } = useTranslation('inventory');
  const id = useId();
  const [text, setText] = useState('');
  const [unit, setUnit] = useState<InventoryUnit>(units[0] ?? 'piece');
  const [error, setError] = useState<string | undefined>();

  const press = (key: (typeof KEYS)[number]) => {
    setError(undefined);
    if (key === '⌫') setText((v) => v.slice(0, -1));
    else if (key === ',') setText((v) => (v.includes(',') ? v : `${v || '0'},`));
    else setText((v) => (v === '0' ? key : v + key).slice(0, 10));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = parseTypedNumber(text);
    if (Number.isNaN(value) || value < 0) {
      setError(t('count.invalidNumber'));
      return;
    }
    await onSubmit(value, unit);
    setText('');
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={`${id}-value`} className="font-semibold text-gray-900 dark:text-gray-100">
        {t('count.typedLabel', { unit: t(`items.units.${unit}`), name })}
      </label>
      <input
        id={`${id}-value`}
        name="typed"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-16 rounded-xl border-2 border-gray-300 bg-white px-4 text-right text-3xl font-bold tabular-nums text-gray-950 dark:border-gray-600 dark:bg-gray-900 dark:text-white"
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {units.length > 1 && (
        <div role="radiogroup" aria-label={t('items.unit')} className="grid grid-cols-2 gap-2">
          {units.map((u) => (
            <button
              key={u}
              type="button"
              role="radio"
              aria-checked={unit === u}
              onClick={() => setUnit(u)}
              className={cx(
                'h-12 rounded-xl border-2 text-lg font-semibold',
                unit === u
                  ? 'border-primary-700 bg-primary-700 text-white'
                  : 'border-gray-300 bg-white text-gray-900 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100',
              )}
            >
              {t(`items.units.${u}`)}
            </button>
          ))}
        </div>
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
      <Button type="submit" size="lg" className="h-16 text-xl">
        {t('count.set')}
      </Button>
    </form>
  );
}
