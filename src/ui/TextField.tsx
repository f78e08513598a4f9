import type { ReactNode, Ref } from 'react';
import {
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { cx } from './cx';
import { FieldErrorText } from './FieldErrorText';
import { descriptionClass, inputClass, labelClass } from './field-styles';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children' | 'isInvalid'> {
  label: string;
  description?: ReactNode;
  /** Shown next to the field; makes it invalid. */
  errorMessage?: string;
  placeholder?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  inputRef,
  ...props
}: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      isInvalid={!!errorMessage}
      validationBehavior="aria"
      className={cx('flex flex-col gap-1.5', className)}
    >
      <Label className={labelClass}>{label}</Label>
      <Input ref={inputRef} placeholder={placeholder} className={inputClass} />
      {description && (
        <Text slot="description" className={descriptionClass}>
          {description}
        </Text>
      )}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaTextField>
  );
}
