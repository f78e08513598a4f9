import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusField } from '../../../lib/forms/focus-field';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { DateField } from '../../../ui/DateField';
import { TextField } from '../../../ui/TextField';
import { changeErrorText, fieldErrorOf } from '../data';

export interface ListFormValues {
  name: string;
  dateFrom: string | null;
  dateTo: string | null;
}

export interface ListFormProps {
  initial?: ListFormValues;
  submitLabel: string;
  onSubmit: (values: ListFormValues) => Promise<void>;
  onCancel?: () => void;
  cancelLabel?: string;
}

/** Name (required, SPEC §5), date from and date to (optional, in order). Errors next to their field. */
export function ListForm({ initial, submitLabel, onSubmit, onCancel, cancelLabel }: ListFormProps) {
  const { t } = useTranslation('inventory');
  const { t: tv } = useTranslation('validation');
  const [name, setName] = useState(initial?.name ?? '');
  const [dateFrom, setDateFrom] = useState(initial?.dateFrom ?? '');
  const [dateTo, setDateTo] = useState(initial?.dateTo ?? '');
  const [errors, setErrors] = useState<{ name?: string; dateFrom?: string; dateTo?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const next: typeof errors = {};
    if (name.trim() === '') next.name = tv('required');
    if (dateFrom && dateTo && dateTo < dateFrom) next.dateTo = t('create.dateOrder');
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) {
      focusField(form, next.name ? 'name' : 'dateTo');
      return;
    }
    setBusy(true);
    try {
      await onSubmit({ name: name.trim(), dateFrom: dateFrom || null, dateTo: dateTo || null });
      if (!initial) {
        setName('');
        setDateFrom('');
        setDateTo('');
      }
    } catch (error) {
      const field = fieldErrorOf(error, 'name');
      const dates = fieldErrorOf(error, 'dateTo', 'dateFrom');
      if (field || dates) setErrors({ ...(field ? { name: field } : {}), ...(dates ? { dateTo: dates } : {}) });
      else setFormError(changeErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <TextField
        name="name"
        label={t('create.name')}
        description={t('create.hint')}
        value={name}
        onChange={setName}
        errorMessage={errors.name}
        autoComplete="off"
        maxLength={100}
        isRequired
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          name="dateFrom"
          label={t('create.dateFrom')}
          value={dateFrom}
          onChange={setDateFrom}
          errorMessage={errors.dateFrom}
        />
        <DateField
          name="dateTo"
          label={t('create.dateTo')}
          value={dateTo}
          onChange={setDateTo}
          errorMessage={errors.dateTo}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isPending={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onPress={onCancel}>
            {cancelLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
