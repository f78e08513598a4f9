import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { i18n } from '../i18n';
import { translateMessageKey } from '../message-keys';
import { focusField } from './focus-field';

/** SPEC §9: input validation debounce 300 ms. */
export const VALIDATION_DEBOUNCE_MS = 300;

type Values = Record<string, string>;

export interface FieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: (event?: { relatedTarget: EventTarget | null }) => void;
  errorMessage: string | undefined;
}

export interface UseFormOptions<V extends Values, Out> {
  initialValues: V;
  schema: z.ZodType<Out, unknown>;
  /** Fields that must be filled in; empty ones give 'Fyll i alla fält' on submit. */
  required: readonly (keyof V & string)[];
  onSubmit: (values: Out) => Promise<void> | void;
}

/** The first message per top-level field, translated. */
function fieldErrors(schema: z.ZodType, values: Values): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !(name in errors)) errors[name] = translateMessageKey(issue.message);
  }
  return errors;
}

function isSubmitButton(target: EventTarget | null | undefined): boolean {
  return target instanceof HTMLButtonElement && target.type === 'submit';
}

/**
 * Form state with the rules of SPEC §5: errors appear next to the field; a field validates on input
 * (debounced 300 ms) only after it has been left once, or eagerly after a submit attempt.
 */
export function useForm<V extends Values, Out>({ initialValues, schema, required, onSubmit }: UseFormOptions<V, Out>) {
  const [values, setValues] = useState<V>(initialValues);
  const [validated, setValidated] = useState<V>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const dirty = useRef<Partial<Record<keyof V, boolean>>>({});
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const isEmpty = (name: keyof V, source: V) => (source[name] ?? '').trim() === '';

  // Small forms: computing this on each render is cheaper than keeping it in step.
  const errors = fieldErrors(schema, validated);
  for (const name of required) {
    if (isEmpty(name, validated)) errors[name] = i18n.t('validation:required');
  }

  const setValue = useCallback((name: keyof V & string, value: string) => {
    dirty.current[name] = true;
    setValues((previous) => {
      const next = { ...previous, [name]: value };
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setValidated(next), VALIDATION_DEBOUNCE_MS);
      return next;
    });
    setServerErrors((previous) => (previous[name] ? { ...previous, [name]: undefined } : previous));
    setFormError(null);
  }, []);

  const field = (name: keyof V & string): FieldProps => {
    const shown = touched[name] || submitAttempted;
    return {
      name,
      value: values[name] ?? '',
      onChange: (value) => setValue(name, value),
      onBlur: (event) => {
        // Leaving for the submit button: the submit validates everything. Showing the error now would move the
        // button between press and release, and the click would be lost.
        if (isSubmitButton(event?.relatedTarget)) return;
        // Passing through an untouched field is not a mistake: the submit will say what is missing.
        if (!dirty.current[name]) return;
        setTouched((previous) => (previous[name] ? previous : { ...previous, [name]: true }));
        clearTimeout(timer.current);
        setValidated(values);
      },
      errorMessage: serverErrors[name] ?? (shown ? errors[name] : undefined),
    };
  };

  const handleSubmit = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (isSubmitting) return;
    clearTimeout(timer.current);
    setSubmitAttempted(true);
    setValidated(values);
    const invalid = Object.keys(fieldErrors(schema, values));
    const missing = required.filter((name) => isEmpty(name, values));
    setFormError(missing.length > 0 ? i18n.t('validation:fillAll') : null);
    const parsed = schema.safeParse(values);
    if (missing.length > 0 || !parsed.success) {
      const first = Object.keys(values).find((name) => missing.includes(name) || invalid.includes(name));
      if (first) focusField(event?.currentTarget, first);
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(parsed.data);
    } finally {
      setSubmitting(false);
    }
  };

  /** Shows the server's per-field messages (400 ValidationError) next to the fields. */
  const showServerFieldErrors = (fields: { path: string; message: string }[]) => {
    const next: Record<string, string> = {};
    for (const item of fields) {
      const name = item.path.split('.')[0] ?? item.path;
      if (name in values && !(name in next)) next[name] = translateMessageKey(item.message);
    }
    setServerErrors(next);
    return Object.keys(next).length > 0;
  };

  return {
    values,
    field,
    setValue,
    errors,
    formError,
    setFormError,
    isSubmitting,
    submitAttempted,
    handleSubmit,
    showServerFieldErrors,
  };
}
