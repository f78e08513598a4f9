import { readdirSync, readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { pluralText } from '../../contract/rules/plural';
import cart from '../../locales/sv/cart.json' with { type: 'json' };
import inventory from '../../locales/sv/inventory.json' with { type: 'json' };
import mails from '../../locales/sv/mails.json' with { type: 'json' };
import sync from '../../locales/sv/sync.json' with { type: 'json' };

/**
 * Swedish plurals (issue #16, decision 0064): every count in locales/sv has i18next's `_one` and `_other` forms, so no
 * one reads "totalt 1 rader" — inventory.json too.
 */
const dir = 'locales/sv';
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

type Tree = { [key: string]: string | Tree };
function* leaves(tree: Tree, path = ''): Generator<[string, string, Tree]> {
  for (const [key, value] of Object.entries(tree)) {
    const at = path ? `${path}.${key}` : key;
    if (typeof value === 'string') yield [at, value, tree];
    else yield* leaves(value, at);
  }
}
const all = files.flatMap((file) =>
  [...leaves(JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as Tree)].map(([path, text, siblings]) => ({
    where: `${file}:${path}`,
    key: path.split('.').pop()!,
    text,
    siblings,
  })),
);

/** Plural nouns the shop counts (their singular differs); a number before one of them needs the count's forms. */
const PLURAL_NOUNS =
  /\{\{(\w+)\}\} (rader|artiklar|produkter|minuter|timmar|dagar|veckor|ändringar|beställningar|listor|träffar|sidor|bilder|företag|varor|kartonger|värden|sökningar)\b/;

describe('Swedish plurals in locales/sv', () => {
  it('gives every text with {{count}} both an _one and an _other form', () => {
    const found = all
      .filter(({ text }) => text.includes('{{count}}'))
      .filter(({ key, siblings }) => {
        const base = key.replace(/_(one|other)$/, '');
        return base === key || !(`${base}_one` in siblings && `${base}_other` in siblings);
      })
      .map(({ where }) => where);
    expect(found).toEqual([]);
  });

  it('has no _one without its _other, nor the other way round', () => {
    const found = all
      .filter(({ key }) => /_(one|other)$/.test(key))
      .filter(({ key, siblings }) => {
        const base = key.replace(/_(one|other)$/, '');
        return !(`${base}_one` in siblings && `${base}_other` in siblings);
      })
      .map(({ where }) => where);
    expect(found).toEqual([]);
  });

  it('puts no number into a plural noun except through count', () => {
    const found = all
      .filter(({ text }) => {
        const match = PLURAL_NOUNS.exec(text);
        return match && match[1] !== 'count';
      })
      .map(({ where, text }) => `${where}: ${text}`);
    expect(found).toEqual([]);
  });
});

describe('the sentences a user reads with 1 and with 2', () => {
  const screen = i18next.createInstance();
  void screen.init({
    lng: 'sv',
    resources: { sv: { cart, inventory, sync } },
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });

  it('"Lagt i varukorgen": totalt 1 rad, totalt 2 rader (as AddToCartControls asks)', () => {
    const detail = (count: number) => screen.t('cart:add.addedDetail', { quantity: '1', unit: 'st', count });
    expect(detail(1)).toBe('1 st · totalt 1 rad i varukorgen');
    expect(detail(2)).toBe('1 st · totalt 2 rader i varukorgen');
  });

  it('"Logga ut?" while offline: 1 ändring … den, 2 ändringar … de (as use-logout asks)', () => {
    const said = (count: number) =>
      `${screen.t('sync:logout.text', { count })} ${screen.t('sync:logout.offline', { count })}`;
    expect(said(1)).toBe(
      'Du har 1 ändring som inte har skickats. Den sparas på den här enheten och skickas nästa gång du loggar in här. ' +
        'Du är offline just nu, så den kan inte skickas innan du loggar ut.',
    );
    expect(said(2)).toBe(
      'Du har 2 ändringar som inte har skickats. De sparas på den här enheten och skickas nästa gång du loggar in här. ' +
        'Du är offline just nu, så de kan inte skickas innan du loggar ut.',
    );
  });

  it('the count screen and the list page: 1 ändring väntar, 1 av 1 räknad (as CountPage and InventoryListPage ask)', () => {
    expect(screen.t('inventory:count.notSent', { count: 1 })).toBe('1 ändring väntar på att skickas');
    expect(screen.t('inventory:count.notSent', { count: 3 })).toBe('3 ändringar väntar på att skickas');
    expect(screen.t('inventory:countedOf', { counted: 1, count: 1 })).toBe('1 av 1 räknad');
    expect(screen.t('inventory:countedOf', { counted: 2, count: 5 })).toBe('2 av 5 räknade');
    expect(screen.t('inventory:totals.group', { label: 'Kyl', value: '10 kr', count: 1 })).toBe(
      'Kyl: 10 kr (1 artikel)',
    );
  });

  it('picks the same form outside i18next (mails, PDFs, the offline worker)', () => {
    expect(pluralText(mails.registration, 'body', 1)).toContain('{{count}} timme ');
    expect(pluralText(mails.registration, 'body', 72)).toContain('{{count}} timmar');
    expect(pluralText(mails.resetPassword, 'body', 1)).toContain('{{count}} minut ');
  });
});
