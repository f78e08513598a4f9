import { Label, Text, TextArea, TextField as AriaTextField, type TextFieldProps } from 'react-aria-components';
import { cx } from '../../../ui/cx';
import { FieldErrorText } from '../../../ui/FieldErrorText';
import { descriptionClass, inputClass, labelClass } from '../../../ui/field-styles';

interface TextAreaFieldProps extends Omit<TextFieldProps, 'className' | 'children' | 'isInvalid'> {
  label: string;
  description?: string;
  errorMessage?: string;
  rows?: number;
}

/** A multi-line field with the same label, description and error as the app's TextField. */
export function TextAreaField({ label, description, errorMessage, rows = 6, ...props }: TextAreaFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={!!errorMessage} validationBehavior="aria" className="flex flex-col gap-1.5">
      <Label className={labelClass}>{label}</Label>
      <TextArea rows={rows} className={cx(inputClass, 'resize-y')} />
      {description && (
        <Text slot="description" className={descriptionClass}>
          {description}
        </Text>
      )}
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaTextField>
  );
}
