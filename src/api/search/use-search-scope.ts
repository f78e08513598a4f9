import { useCurrentUser, useIsAuthenticated } from '../session/hooks';
import type { SearchScope } from './engine';

/**
 * The search scope of the page: the logged-in user's chosen company, else public. `ready` is false while a logged-in
 * user is still loading, so a page does not search twice (public, then with the company's key).
 */
export function useSearchScope(): { scope: SearchScope; ready: boolean } {
  const authenticated = useIsAuthenticated();
  const user = useCurrentUser();
  if (!authenticated) return { scope: null, ready: true };
  if (user.data) return { scope: user.data.defaultCompany, ready: true };
  // Offline or a failing user call: search publicly rather than not at all.
  return { scope: null, ready: !user.isPending };
}
