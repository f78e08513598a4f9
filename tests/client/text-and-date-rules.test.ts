import { describe, expect, it } from 'vitest';
import validation from '../../locales/sv/validation.json' with { type: 'json' };
import { hasControlCharacters, isCalendarDate, isoDate, multilineText, plainText } from '../../contract/common';
import { contactBody } from '../../contract/contact';
import { createInventoryListBody } from '../../contract/inventory';
import { translateMessageKey } from '../../src/lib/message-keys';

/** What a form shows for the first issue of each field (as use-form does). */
function formErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const name = String(issue.path[0]);
    errors[name] ??= translateMessageKey(issue.message);
  }
  return errors;
}

describe('text from a client (decision 0049)', () => {
  it('refuses NUL and every other control character in one-line text', () => {
    for (const bad of ['a\u0000b', 'a\tb', 'a\nb', 'a\rb', '\u001b[31m', 'a\u007fb', 'a\u0085b', 'a\u009fb'])
      expect([bad, plainText.safeParse(bad).success]).toEqual([bad, false]);
    for (const good of ['Kök & Bar AB', 'Åsa Öberg', '🍅 tomater', 'a\u00a0b', "O'Brien"])
      expect(plainText.safeParse(good).success).toBe(true);
  });

  it('lets tab and line breaks into multi-line text, nothing else', () => {
    expect(multilineText.safeParse('Hej!\r\n\tVi vill beställa.\n').success).toBe(true);
    expect(multilineText.safeParse('Hej\u0000').success).toBe(false);
    expect(multilineText.safeParse('Hej\u000b').success).toBe(false);
    expect(hasControlCharacters('a\nb', { multiline: true })).toBe(false);
    expect(hasControlCharacters('a\nb')).toBe(true);
  });

  it('shows the form a Swedish message for the field', () => {
    const result = contactBody.safeParse({
      name: 'Karin\u0000',
      company: 'Kök AB',
      email: 'karin@example.se',
      subject: 'Fråga',
      message: 'Två rader\nmed text',
    });
    expect(formErrors(result)).toEqual({ name: validation.controlCharacters });
    expect(validation.controlCharacters).toMatch(/tecken/);
  });
});

describe('dates (decision 0049)', () => {
  it('are real calendar days', () => {
    for (const bad of [
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2025-02-29',
      '0000-01-01',
      '2026-1-01',
      '',
    ])
      expect([bad, isCalendarDate(bad)]).toEqual([bad, false]);
    for (const good of ['2026-02-28', '2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01'])
      expect([good, isCalendarDate(good)]).toEqual([good, true]);
    expect(isCalendarDate('1900-02-29')).toBe(false);
  });

  it('refuses an impossible date in a form with the Swedish date message', () => {
    expect(isoDate.safeParse('2026-02-30').success).toBe(false);
    const result = createInventoryListBody.safeParse({
      name: 'November',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-31',
    });
    expect(formErrors(result)).toEqual({ dateTo: validation.date });
  });
});
