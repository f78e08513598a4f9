/**
 * React Aria's locale for every component: sv-SE (SPEC §1), whatever the browser's own language. React Aria takes
 * its default locale from this well-known symbol (the one its server-rendering script sets) when its locale code first
 * loads, so it must be set before any React Aria module runs: main.tsx imports this file first. It replaces an
 * `<I18nProvider locale="sv-SE">` around the app, whose code was in every first load (decision 0044).
 */
(window as unknown as Record<symbol, string>)[Symbol.for('react-aria.i18n.locale')] = 'sv-SE';

export {};
