import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { idleStore } from '../lib/when-idle';
import { SyncProvider } from './sync/SyncProvider';

/** The update and install banners: the service worker starts once the page is idle, so do they (decision 0021). */
const PwaPrompts = lazy(() => import('./pwa/PwaPrompts').then((m) => ({ default: m.PwaPrompts })));

function IdlePwaPrompts() {
  const idle = useSyncExternalStore(idleStore.subscribe, idleStore.get, idleStore.get);
  return idle ? (
    <Suspense fallback={null}>
      <PwaPrompts />
    </Suspense>
  ) : null;
}

/** Everything the whole app needs: data cache, Swedish texts, sv-SE for React Aria's own formatting, offline sync. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <I18nProvider locale="sv-SE">
          <SyncProvider>{children}</SyncProvider>
          <IdlePwaPrompts />
        </I18nProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
