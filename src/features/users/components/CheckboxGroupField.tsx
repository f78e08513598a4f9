import { CheckboxGroup, Label, Text } from 'react-aria-components';
import type { FieldProps } from '../../../lib/forms/use-form';
import { Checkbox } from '../../../ui/Checkbox';
import { FieldErrorText } from '../../../ui/FieldErrorText';
import { descriptionClass, labelClass } from '../../../ui/field-styles';

interface CheckboxGroupFieldProps extends FieldProps {
  label: string;
  description?: string;
  options: { value: string; label: string }[];
  isDisabled?: boolean;
}

/** A group of checkboxes bound to a form field that holds the chosen values as a comma-separated list. */
export function CheckboxGroupField({
  name,
  value,
  onChange,
  onBlur,
  errorMessage,
  label,
  description,
  options,
  isDisabled,
}: CheckboxGroupFieldProps) {
  const chosen = value ? value.split(',') : [];
  return (
    <CheckboxGroup
      name={name}
      value={chosen}
      // Keep the order of the options, whatever order they were ticked in.
      onChange={(next) =>
        onChange(
          options
            .filter((o) => next.includes(o.value))
            .map((o) => o.value)
            .join(','),
        )
      }
      isInvalid={!!errorMessage}
      isDisabled={isDisabled}
      validationBehavior="aria"
      className="flex flex-col gap-1.5"
    >
      <Label className={labelClass}>{label}</Label>
      {description && (
        <Text slot="description" className={descriptionClass}>
          {description}
        </Text>
      )}
      <div className="flex flex-wrap gap-x-6">
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value} onBlur={(event) => onBlur(event)}>
            {option.label}
          </Checkbox>
        ))}
      </div>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </CheckboxGroup>
  );
}
