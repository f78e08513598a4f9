import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALL_ACCEPTED,
  NECESSARY_ONLY,
  consentSnapshot,
  onOpenConsentSettings,
  saveConsent,
  startConsentMode,
  subscribeConsent,
  type ConsentChoice,
} from '../../lib/consent';
import { PlainButton } from '../../ui/PlainButton';

/** The settings dialog (React Aria's modal, checkboxes) loads when it is opened, not with the banner (decision 0021). */
const CookieSettingsDialog = lazy(() =>
  import('./CookieSettingsDialog').then((m) => ({ default: m.CookieSettingsDialog })),
);

// Before anything else on the page can load a tag: the denied defaults (and the stored choice, if any).
startConsentMode();

/** After the banner goes away, focus goes on to the page rather than to nowhere. */
function focusMain() {
  document.getElementById('main')?.focus({ preventScroll: true });
}

/**
 * The cookie banner on the first visit (in the page flow at the top, so it covers nothing) and the settings
 * dialog, which the footer's "Cookie-inställningar" opens at any time.
 */
export function CookieConsent() {
  const { t } = useTranslation('consent');
  const choice = useSyncExternalStore(subscribeConsent, consentSnapshot, () => null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const openedFromBanner = useRef(false);

  useEffect(
    () =>
      onOpenConsentSettings(() => {
        openedFromBanner.current = false;
        setSettingsOpen(true);
      }),
    [],
  );

  const choose = (next: ConsentChoice) => {
    saveConsent(next);
    focusMain();
  };

  return (
    <>
      {choice === null && (
        <section
          aria-labelledby="cookie-banner-heading"
          data-testid="cookie-banner"
          className="border-b border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900"
        >
          <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-5 sm:px-6 lg:flex-row lg:items-center lg:gap-8">
            <div className="flex flex-1 flex-col gap-1">
              <h2 id="cookie-banner-heading" className="text-lg font-bold text-gray-950 dark:text-white">
                {t('banner.heading')}
              </h2>
              <p className="text-sm text-gray-700 dark:text-gray-300">{t('banner.text')}</p>
            </div>
            <div className="flex flex-wrap gap-3">
              <PlainButton onClick={() => choose(ALL_ACCEPTED)}>{t('banner.acceptAll')}</PlainButton>
              <PlainButton variant="secondary" onClick={() => choose(NECESSARY_ONLY)}>
                {t('banner.necessaryOnly')}
              </PlainButton>
              <PlainButton
                variant="secondary"
                onClick={() => {
                  openedFromBanner.current = true;
                  setSettingsOpen(true);
                }}
              >
                {t('banner.customize')}
              </PlainButton>
            </div>
          </div>
        </section>
      )}
      {settingsOpen && (
        <Suspense fallback={null}>
          <CookieSettingsDialog
            initial={choice ?? NECESSARY_ONLY}
            onClose={() => setSettingsOpen(false)}
            onSave={(next) => {
              saveConsent(next);
              setSettingsOpen(false);
              // The banner (and the button that opened the dialog) is gone: focus the page instead.
              if (openedFromBanner.current) setTimeout(focusMain, 0);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

export default CookieConsent;
