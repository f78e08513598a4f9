import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';

/** Everything the whole app needs: data cache, Swedish texts, and sv-SE for React Aria's own formatting. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <I18nProvider locale="sv-SE">{children}</I18nProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
