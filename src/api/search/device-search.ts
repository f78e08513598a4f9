import { useQuery } from '@tanstack/react-query';
import type { DeviceSearchResult } from '../../offline/inventory/article-search';
import { ApiError } from '../api-error';
import { loadedSyncEngine } from '../session/engine-loader';
import { useCurrentUser } from '../session/hooks';

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

/**
 * The company whose articles the device search looks in: the user's chosen company, else (an offline start-up, no
 * user from the API) the one the running engine was given. Unlike useActiveCompany it never loads the offline engine:
 * the header search and /sok are also a visitor's, who must not download it (docs/decisions/0021).
 */
export function useDeviceCompany(): string | null {
  const user = useCurrentUser();
  if (user.data) return user.data.defaultCompany;
  return loadedSyncEngine()?.syncController().getStatus().companyCode ?? null;
}
