import i18next, { type BackendModule, type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Swedish is the only language (SPEC §1). Every namespace is a file in locales/sv/.
 *
 * SPEC §7 "locale message files load on demand": the namespaces the app shell needs on every page (header, footer,
 * toasts and cookie consent) are bundled with the app; every other namespace is its own small chunk, fetched the first
 * time a screen asks for it (`useTranslation('ns')` suspends until it is there; a route loader may call
 * `loadNamespaces` to fetch it in parallel with its data). See docs/decisions/0021-first-load-budget.md.
 *
 * A namespace read outside React (`i18n.t('x:…')` in plain code) must be there before that code runs: either bundled
 * here, or bundled by the module that reads it (`bundleNamespace`), as message-keys.ts does for `validation` and
 * api/error-message.ts for `errors` (decision 0044).
 */
export const EAGER_NAMESPACES = ['common', 'layout', 'consent'] as const;

const eagerFiles = import.meta.glob<ResourceLanguage>(
  ['../../locales/sv/common.json', '../../locales/sv/layout.json', '../../locales/sv/consent.json'],
  { eager: true, import: 'default' },
);
const lazyFiles = import.meta.glob<ResourceLanguage>(
  [
    '../../locales/sv/*.json',
    '!../../locales/sv/common.json',
    '!../../locales/sv/layout.json',
    '!../../locales/sv/consent.json',
  ],
  { import: 'default' },
);

const namespaceOf = (path: string) => path.replace(/^.*\/([^/]+)\.json$/, '$1');

/** The bundled namespaces' messages (what the app has before any namespace is fetched). */
export const resources: { sv: Record<string, ResourceLanguage> } = {
  sv: Object.fromEntries(Object.entries(eagerFiles).map(([path, messages]) => [namespaceOf(path), messages])),
};

const loaders = new Map(Object.entries(lazyFiles).map(([path, load]) => [namespaceOf(path), load]));

/** Every namespace of the app, bundled or fetched on demand. */
export const NAMESPACES: readonly string[] = [...Object.keys(resources.sv), ...loaders.keys()].sort();

export const DEFAULT_NAMESPACE = 'common';

/** i18next backend: a namespace that is not bundled is imported (its own chunk) when first needed. */
const onDemand: BackendModule = {
  type: 'backend',
  init: () => {},
  read(_language, namespace, callback) {
    const load = loaders.get(namespace);
    if (!load) {
      callback(null, resources.sv[namespace] ?? {});
      return;
    }
    load().then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(onDemand)
    .use(initReactI18next)
    .init({
      lng: 'sv',
      fallbackLng: 'sv',
      supportedLngs: ['sv'],
      ns: [...Object.keys(resources.sv)],
      defaultNS: DEFAULT_NAMESPACE,
      resources,
      partialBundledLanguages: true,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
      // A key of a namespace that is not loaded yet ('profile:title' read by the layout before the profile screen
      // asked for 'profile') starts loading that namespace; `loaded` then re-renders whoever read it.
      saveMissing: true,
      missingKeyHandler: (_languages, namespace) => {
        if (loaders.has(namespace) && !instance.hasLoadedNamespace(namespace)) void instance.loadNamespaces(namespace);
      },
      react: { bindI18n: 'languageChanged loaded' },
    });
  return instance;
}

export const i18n = createI18n();

/** Fetches namespaces that are not bundled (e.g. from a route loader, so the texts arrive with the data). */
export function loadNamespaces(...namespaces: string[]): Promise<void> {
  const missing = namespaces.filter((ns) => !i18n.hasLoadedNamespace(ns));
  return missing.length === 0 ? Promise.resolve() : i18n.loadNamespaces(missing);
}

/** Adds a namespace's messages from a module that imports them itself (it is then there before that module runs). */
export function bundleNamespace(namespace: string, messages: ResourceLanguage): void {
  if (!i18n.hasResourceBundle('sv', namespace)) i18n.addResourceBundle('sv', namespace, messages);
}
