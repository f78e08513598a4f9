import { useTranslation } from 'react-i18next';
import { Button as AriaButton, Group, Input, Label, NumberField } from 'react-aria-components';
import { CART_MAX_QUANTITY } from '../../../contract/cart';
import { cx } from '../cx';
import { labelClass } from '../field-styles';
import { MinusIcon, PlusIcon } from '../StepIcons';

const stepClass =
  'inline-flex size-11 shrink-0 items-center justify-center text-gray-700 hover:bg-gray-100 disabled:opacity-40 ' +
  'data-focus-visible:outline-2 data-focus-visible:-outline-offset-2 data-focus-visible:outline-primary-600 ' +
  'dark:text-gray-200 dark:hover:bg-gray-800';

export interface QuantityFieldProps {
  value: number;
  onChange: (value: number) => void;
  /** The visible label, or (with `hideLabel`) the accessible name only. */
  label: string;
  hideLabel?: boolean;
  /** 0 lets the stepper reach zero (a cart line: 0 removes it); 1/1000 for adding. */
  minValue?: number;
  isDisabled?: boolean;
  size?: 'sm' | 'md';
  className?: string;
  'data-testid'?: string;
}

/**
 * A quantity with − and + buttons (React Aria NumberField: arrow keys, Page Up/Down, Swedish decimal comma). Up to
 * three decimals are accepted even for products sold in whole units: the engine rounds them and says so (SPEC §5).
 */
export function QuantityField({
  value,
  onChange,
  label,
  hideLabel,
  minValue = 0.001,
  isDisabled,
  size = 'md',
  className,
  ...rest
}: QuantityFieldProps) {
  const { t } = useTranslation('cart');
  return (
    <NumberField
      value={value}
      onChange={(next) => onChange(Number.isNaN(next) ? minValue : next)}
      minValue={minValue}
      maxValue={CART_MAX_QUANTITY}
      formatOptions={{ maximumFractionDigits: 3 }}
      isDisabled={isDisabled}
      aria-label={hideLabel ? label : undefined}
      className={cx('flex flex-col gap-1.5', className)}
      data-testid={rest['data-testid']}
    >
      {!hideLabel && <Label className={labelClass}>{label}</Label>}
      <Group className="flex w-fit items-center overflow-hidden rounded-lg border border-gray-400 bg-white focus-within:border-primary-600 focus-within:outline-2 focus-within:outline-primary-600/40 dark:border-gray-500 dark:bg-gray-900">
        <AriaButton
          slot="decrement"
          aria-label={t('add.decrease')}
          className={cx(stepClass, size === 'sm' && 'size-9')}
        >
          <MinusIcon />
        </AriaButton>
        <Input
          className={cx(
            'min-h-11 border-x border-gray-300 bg-transparent text-center text-base text-gray-950 tabular-nums outline-none dark:border-gray-600 dark:text-white',
            size === 'sm' ? 'min-h-9 w-14' : 'w-16',
          )}
        />
        <AriaButton
          slot="increment"
          aria-label={t('add.increase')}
          className={cx(stepClass, size === 'sm' && 'size-9')}
        >
          <PlusIcon />
        </AriaButton>
      </Group>
    </NumberField>
  );
}
