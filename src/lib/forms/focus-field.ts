/**
 * Moves focus to a named field of the form, so keyboard and screen-reader users land on the problem. A field whose
 * value the form reads from a hidden input (the date field, src/ui/DateField.tsx) marks itself `data-field={name}`, and
 * its first segment takes the focus: a hidden input cannot.
 */
export function focusField(form: HTMLFormElement | null | undefined, name: string): void {
  const element = form?.elements.namedItem(name);
  if (element instanceof HTMLInputElement && element.type === 'hidden') {
    form?.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"] [role="spinbutton"]`)?.focus();
  } else if (element instanceof HTMLElement) element.focus();
}
