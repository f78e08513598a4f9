import { getCookie, setCookie } from './cookies';

/**
 * Cookie consent (SPEC §3 and §4): the visitor's choice per category, kept in a cookie for 365 days with a version
 * (a new version asks again), and Google consent mode signals in `window.dataLayer`: everything denied by default
 * before any tag, then an update from the choice. A Google Tag Manager container (VITE_GTM_ID) is loaded only once
 * the visitor has allowed statistics or marketing. See docs/decisions/0032-cookie-consent.md.
 */

export const CONSENT_COOKIE = 'cookie_consent';
/** Raise when the categories or their meaning change: every visitor is asked again. */
export const CONSENT_VERSION = 1;
export const CONSENT_MAX_AGE_DAYS = 365;

export const CONSENT_CATEGORIES = ['necessary', 'functional', 'statistic', 'marketing', 'unclassified'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type OptionalCategory = Exclude<ConsentCategory, 'necessary'>;
export const OPTIONAL_CATEGORIES: readonly OptionalCategory[] = [
  'functional',
  'statistic',
  'marketing',
  'unclassified',
];

export type ConsentChoice = { necessary: true } & Record<OptionalCategory, boolean>;

export const NECESSARY_ONLY: ConsentChoice = {
  necessary: true,
  functional: false,
  statistic: false,
  marketing: false,
  unclassified: false,
};
export const ALL_ACCEPTED: ConsentChoice = {
  necessary: true,
  functional: true,
  statistic: true,
  marketing: true,
  unclassified: true,
};

type Stored = { v: number; at: string } & Record<OptionalCategory, boolean>;

/** The stored choice, or null when there is none (first visit) or it was made for an older version. */
export function readConsent(): ConsentChoice | null {
  const raw = getCookie(CONSENT_COOKIE);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (stored.v !== CONSENT_VERSION) return null;
    const choice = { ...NECESSARY_ONLY };
    for (const category of OPTIONAL_CATEGORIES) choice[category] = stored[category] === true;
    return choice;
  } catch {
    return null;
  }
}

type GrantState = 'granted' | 'denied';
export type GoogleConsent = {
  ad_storage: GrantState;
  ad_user_data: GrantState;
  ad_personalization: GrantState;
  analytics_storage: GrantState;
  functionality_storage: GrantState;
  personalization_storage: GrantState;
  security_storage: GrantState;
};

const grant = (yes: boolean): GrantState => (yes ? 'granted' : 'denied');

/** SPEC §4: analytics storage only with statistic consent; ad storage, user data and personalisation only with marketing. */
export function googleConsent(choice: ConsentChoice): GoogleConsent {
  return {
    ad_storage: grant(choice.marketing),
    ad_user_data: grant(choice.marketing),
    ad_personalization: grant(choice.marketing),
    analytics_storage: grant(choice.statistic),
    functionality_storage: grant(choice.functional),
    personalization_storage: grant(choice.functional),
    security_storage: 'granted',
  };
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Google's gtag(): pushes its `arguments` object, which is what Tag Manager reads from the data layer. */
function gtag(..._args: unknown[]): void {
  window.dataLayer ??= [];
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}

let started = false;
let tagManagerLoaded = false;

function loadTagManager(): void {
  const id: unknown = import.meta.env.VITE_GTM_ID;
  if (tagManagerLoaded || typeof id !== 'string' || !/^GTM-[A-Z0-9]+$/.test(id)) return;
  tagManagerLoaded = true;
  window.dataLayer ??= [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

function apply(choice: ConsentChoice): void {
  gtag('consent', 'update', googleConsent(choice));
  if (choice.statistic || choice.marketing) loadTagManager();
}

/** Once per page, before any tag: the denied defaults, then the stored choice if there is one. */
export function startConsentMode(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  gtag('consent', 'default', { ...googleConsent(NECESSARY_ONLY), wait_for_update: 500 });
  const stored = readConsent();
  if (stored) apply(stored);
}

const changeListeners = new Set<() => void>();
let current: ConsentChoice | null | undefined;

/** Stores the visitor's choice for 365 days and sends the signals; tags allowed by it may load now. */
export function saveConsent(choice: ConsentChoice): void {
  const stored: Stored = { v: CONSENT_VERSION, at: new Date().toISOString(), ...choiceFlags(choice) };
  setCookie(CONSENT_COOKIE, JSON.stringify(stored), {
    expires: new Date(Date.now() + CONSENT_MAX_AGE_DAYS * 86_400_000),
    secure: window.location.protocol === 'https:',
    sameSite: 'Lax',
  });
  current = { ...choice, necessary: true };
  startConsentMode();
  apply(current);
  for (const listener of changeListeners) listener();
}

function choiceFlags(choice: ConsentChoice): Record<OptionalCategory, boolean> {
  return Object.fromEntries(OPTIONAL_CATEGORIES.map((c) => [c, choice[c]])) as Record<OptionalCategory, boolean>;
}

/** For useSyncExternalStore: the current choice (null until the visitor has chosen). */
export function consentSnapshot(): ConsentChoice | null {
  if (current === undefined) current = readConsent();
  return current;
}

export function subscribeConsent(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

const openListeners = new Set<() => void>();
let openRequested = false;

/** Opens the cookie settings (the footer's link); waits for the settings to be mounted if they are not yet. */
export function openConsentSettings(): void {
  if (openListeners.size === 0) openRequested = true;
  for (const listener of openListeners) listener();
}

export function onOpenConsentSettings(listener: () => void): () => void {
  openListeners.add(listener);
  if (openRequested) {
    openRequested = false;
    listener();
  }
  return () => openListeners.delete(listener);
}
