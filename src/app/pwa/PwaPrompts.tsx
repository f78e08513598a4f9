import { useId, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsAuthenticated } from '../../api/session/hooks';
import { Button } from '../../ui/Button';
import { dismissInstall, installState, promptInstall } from './install';
import { dismissUpdate, updateNow, updateState } from './update';

/**
 * The PWA's own offers, bottom-left (toasts are bottom-right): a new version ("Uppdatera"), else, for a logged-in
 * user, installing the app (Chromium) or the iOS home-screen hint. One at a time; each can be put away.
 */
export function PwaPrompts() {
  const { t } = useTranslation('pwa');
  const update = useSyncExternalStore(updateState.subscribe, updateState.get, updateState.get);
  const install = useSyncExternalStore(installState.subscribe, installState.get, installState.get);
  const authenticated = useIsAuthenticated();

  let banner: ReactNode = null;
  let announcement = '';
  if (update.available && !update.dismissed) {
    announcement = t('update.title');
    banner = (
      <Banner kind="update" title={t('update.title')} text={update.applying ? t('update.waiting') : t('update.text')}>
        <Button variant="ghost" size="sm" onPress={dismissUpdate}>
          {t('update.later')}
        </Button>
        <Button size="sm" isPending={update.applying} onPress={() => void updateNow()}>
          {t('update.action')}
        </Button>
      </Banner>
    );
  } else if (authenticated && !install.standalone && !install.dismissed && (install.canPrompt || install.iosHint)) {
    const ios = !install.canPrompt;
    banner = (
      <Banner
        kind={ios ? 'ios' : 'install'}
        title={ios ? t('ios.title') : t('install.title')}
        text={ios ? t('ios.text') : t('install.text')}
      >
        <Button variant="ghost" size="sm" onPress={dismissInstall}>
          {ios ? t('ios.dismiss') : t('install.dismiss')}
        </Button>
        {!ios && (
          <Button size="sm" onPress={() => void promptInstall()}>
            {t('install.action')}
          </Button>
        )}
      </Banner>
    );
  }

  return (
    <>
      {/* Present from the start, so that screen readers announce a new version when it appears. */}
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {banner}
    </>
  );
}

function Banner({
  kind,
  title,
  text,
  children,
}: {
  kind: 'update' | 'install' | 'ios';
  title: string;
  text: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-pwa-banner={kind}
      className="fixed inset-x-0 bottom-0 z-40 p-3 sm:right-auto sm:bottom-4 sm:left-4 sm:w-96 sm:p-0"
    >
      <div className="flex gap-3 rounded-xl border border-gray-200 bg-white p-4 text-gray-900 shadow-lg ring-1 ring-black/5 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100">
        <img src="/icons/icon-192.png" alt="" width={40} height={40} className="size-10 shrink-0 rounded-lg" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{text}</p>
          <div className="mt-3 flex flex-wrap justify-end gap-2">{children}</div>
        </div>
      </div>
    </section>
  );
}
