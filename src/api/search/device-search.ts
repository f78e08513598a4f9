import { useQuery } from '@tanstack/react-query';
import type { DeviceSearchResult } from '../../offline/inventory/article-search';
import { ApiError } from '../api-error';

/**
 * Whether a failed search failed for want of a network (no answer at all), not because the server said no: then the
 * device's article index answers instead. fetch rejects with a TypeError; the search client names its own.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (!error) return false;
  if (error instanceof ApiError) return error.isNetworkError;
  if (error instanceof TypeError) return true;
  const name = (error as { name?: unknown }).name;
  return name === 'ConnectionError' || name === 'TimeoutError' || name === 'AbortError';
}

/**
 * Searches the company's article index on the device (docs/decisions/0058). The search module (MiniSearch, Dexie) is
 * loaded on the first offline search, not with the page. Runs without network (`networkMode: 'always'`).
 */
export function useDeviceSearch(q: string, companyCode: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['search', 'device', companyCode, q] as const,
    queryFn: async (): Promise<DeviceSearchResult> => {
      const [{ offlineDb }, { searchDeviceArticles }] = await Promise.all([
        import('../../offline/schema'),
        import('../../offline/inventory/article-search'),
      ]);
      return searchDeviceArticles(offlineDb(), companyCode!, q);
    },
    enabled: enabled && companyCode !== null && q.trim() !== '',
    networkMode: 'always',
    staleTime: 0,
    meta: { persist: false },
  });
}
