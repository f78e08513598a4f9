import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { PwaPrompts } from './pwa';
import { SyncProvider } from './sync/SyncProvider';

/** Everything the whole app needs: data cache, Swedish texts, sv-SE for React Aria's own formatting, offline sync. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <I18nProvider locale="sv-SE">
          <SyncProvider>{children}</SyncProvider>
          <PwaPrompts />
        </I18nProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
