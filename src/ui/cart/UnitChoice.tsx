import { useTranslation } from 'react-i18next';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { CartUnit } from '../../../contract/cart';
import { cx } from '../cx';
import { labelClass } from '../field-styles';

export interface UnitChoiceProps {
  value: CartUnit;
  onChange: (unit: CartUnit) => void;
  piecesPerCarton: number;
  label: string;
  hideLabel?: boolean;
  isDisabled?: boolean;
  size?: 'sm' | 'md';
  className?: string;
}

/** Piece or carton (SPEC §9 units), as two radio buttons side by side. Only offered when a carton holds several. */
export function UnitChoice({
  value,
  onChange,
  piecesPerCarton,
  label,
  hideLabel,
  isDisabled,
  size = 'md',
  className,
}: UnitChoiceProps) {
  const { t } = useTranslation('cart');
  const units: { unit: CartUnit; text: string }[] = [
    { unit: 'piece', text: t('unit.piece') },
    { unit: 'carton', text: t('unit.cartonOf', { count: piecesPerCarton }) },
  ];
  return (
    <RadioGroup
      value={value}
      onChange={(next) => onChange(next as CartUnit)}
      orientation="horizontal"
      isDisabled={isDisabled}
      aria-label={hideLabel ? label : undefined}
      className={cx('flex flex-col gap-1.5', className)}
    >
      {!hideLabel && <Label className={labelClass}>{label}</Label>}
      <div className="flex w-fit overflow-hidden rounded-lg border border-gray-400 dark:border-gray-500">
        {units.map(({ unit, text }) => (
          <Radio
            key={unit}
            value={unit}
            className={cx(
              'cursor-pointer px-3 text-sm font-medium text-gray-800 not-first:border-l not-first:border-gray-300 dark:text-gray-100 dark:not-first:border-gray-600',
              'data-selected:bg-primary-700 data-selected:text-white dark:data-selected:bg-primary-600',
              'data-focus-visible:outline-2 data-focus-visible:-outline-offset-2 data-focus-visible:outline-primary-600',
              'flex items-center',
              size === 'sm' ? 'min-h-9' : 'min-h-11',
            )}
          >
            {text}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
