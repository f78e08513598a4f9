import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Swedish is the only language (SPEC §1). Every namespace is a file in locales/sv/. */
const files = import.meta.glob<Record<string, unknown>>('../../locales/sv/*.json', { eager: true, import: 'default' });

export const resources = {
  sv: Object.fromEntries(
    Object.entries(files).map(([path, messages]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), messages]),
  ),
};

export const DEFAULT_NAMESPACE = 'common';

export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'sv',
    fallbackLng: 'sv',
    supportedLngs: ['sv'],
    ns: Object.keys(resources.sv),
    defaultNS: DEFAULT_NAMESPACE,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

export const i18n = createI18n();

/**
 * Message keys from the contract look like 'validation.password.digit' (namespace first, dot-separated);
 * i18next wants 'validation:password.digit'. Unknown keys fall back to the generic unknown error.
 */
export function translateMessageKey(key: string): string {
  const [ns, ...rest] = key.split('.');
  const i18nKey = ns && rest.length > 0 && ns in resources.sv ? `${ns}:${rest.join('.')}` : key;
  return i18n.exists(i18nKey) ? i18n.t(i18nKey as never) : key;
}
