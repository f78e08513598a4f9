import { useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Group,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps,
} from 'react-aria-components';
import { cx } from './cx';
import { FieldErrorText } from './FieldErrorText';
import { descriptionClass, inputClass, labelClass } from './field-styles';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'className' | 'children' | 'isInvalid' | 'type'> {
  label: string;
  description?: ReactNode;
  errorMessage?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, description, errorMessage, className, inputRef, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <AriaTextField
      {...props}
      type={visible ? 'text' : 'password'}
      isInvalid={!!errorMessage}
      validationBehavior="aria"
      className={cx('flex flex-col gap-1.5', className)}
    >
      <Label className={labelClass}>{label}</Label>
      <Group className="relative">
        <Input ref={inputRef} className={cx(inputClass, 'pr-24')} spellCheck={false} />
        <Button
          onPress={() => setVisible((v) => !v)}
          aria-label={visible ? t('password.hideLabel') : t('password.showLabel')}
          className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-semibold text-primary-700 hover:bg-primary-50 data-focus-visible:outline-2 data-focus-visible:outline-primary-600 dark:text-primary-300 dark:hover:bg-gray-800"
        >
          {visible ? t('password.hide') : t('password.show')}
        </Button>
      </Group>
      {description && (
        <Text slot="description" className={descriptionClass}>
          {description}
        </Text>
      )}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaTextField>
  );
}
