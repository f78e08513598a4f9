import validation from '../../locales/sv/validation.json' with { type: 'json' };
import { bundleNamespace, i18n, NAMESPACES } from './i18n';

// Contract messages are mostly validation keys, read in plain code (form checks, refused changes): their namespace
// comes with this module rather than with the app shell (decision 0044).
bundleNamespace('validation', validation);

/**
 * Message keys from the contract look like 'validation.password.digit' (namespace first, dot-separated);
 * i18next wants 'validation:password.digit'. Unknown keys fall back to the generic unknown error.
 */
export function translateMessageKey(key: string): string {
  const [ns, ...rest] = key.split('.');
  const i18nKey = ns && rest.length > 0 && NAMESPACES.includes(ns) ? `${ns}:${rest.join('.')}` : key;
  return i18n.exists(i18nKey) ? i18n.t(i18nKey as never) : key;
}
