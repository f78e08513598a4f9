import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { idleStore } from '../lib/when-idle';
import { SyncProvider } from './sync/SyncProvider';
import { useStoreInTransition } from './use-store-in-transition';

/** The update and install banners: the service worker starts once the page is idle, so do they (decision 0021). */
const PwaPrompts = lazy(() => import('./pwa/PwaPrompts').then((m) => ({ default: m.PwaPrompts })));

function IdlePwaPrompts() {
  const idle = useStoreInTransition(idleStore);
  return idle ? (
    <Suspense fallback={null}>
      <PwaPrompts />
    </Suspense>
  ) : null;
}

/** Everything the whole app needs: data cache, Swedish texts, offline sync (React Aria's sv-SE: lib/aria-locale.ts). */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SyncProvider>{children}</SyncProvider>
        <IdlePwaPrompts />
      </I18nextProvider>
    </QueryClientProvider>
  );
}
