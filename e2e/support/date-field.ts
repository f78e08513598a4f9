import type { Locator } from '@playwright/test';

/**
 * The app's date field (src/ui/DateField.tsx): a group of year, month and day segments in sv-SE order, whatever the
 * browser's language. Fills it as a user types it: the first segment, then the digits (each segment moves on when full).
 */
export function dateField(scope: Locator, label: string): Locator {
  return scope.getByRole('group', { name: label, exact: true });
}

export async function fillDate(scope: Locator, label: string, value: string): Promise<void> {
  const field = dateField(scope, label);
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(value.replaceAll('-', ''));
}
