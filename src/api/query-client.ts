import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already retries what the spec says may be retried.
      // 'offlineFirst': a request is tried once even when the browser says it is offline, because the service worker
      // may hold a copy (content) and because a paused query would leave a route loader waiting forever; with no
      // answer it fails, and the screen says so (or shows what the device kept).
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}

export const queryClient = createQueryClient();
