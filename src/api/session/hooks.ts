import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { STAFF_ROLE, type CurrentUser, type RoleName } from '../../../contract/customer';
import type { SyncStatus } from '../../offline';
import { useSyncStatus } from '../../offline/hooks';
import { companyDetailQuery } from '../queries/companies';
import { currentUserQuery } from '../queries/customer';
import { session, type Session } from './session';
import { sessionLinkBusy, syncController } from './sync';

const subscribe = (onChange: () => void) => session.subscribe(onChange);

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, session.get, session.get);
}

export function useIsAuthenticated(): boolean {
  return useSession() !== null;
}

/** The logged-in user (GET /v1/customer/), or undefined while logged out or loading. */
export function useCurrentUser() {
  const authenticated = useIsAuthenticated();
  return useQuery({ ...currentUserQuery(), enabled: authenticated });
}

/** The chosen company with its details, when one is chosen. */
export function useCurrentCompany() {
  const { data: user } = useCurrentUser();
  const code = user?.defaultCompany ?? null;
  const query = useQuery({ ...companyDetailQuery(code ?? ''), enabled: code !== null });
  return { code, ...query };
}

export function hasRole(user: CurrentUser | undefined, ...roles: RoleName[]): boolean {
  return !!user && roles.some((role) => user.roles.includes(role));
}

/** The spec's {product}Administrator: staff who see every company. */
export const isStaff = (user: CurrentUser | undefined) => hasRole(user, STAFF_ROLE);

/** The offline engine's status: online, changes waiting or refused, last synced, the company it keeps fresh. */
export function useSyncState(): SyncStatus {
  return useSyncStatus(syncController());
}

/**
 * The chosen company for mirrored data (purchase lists): the user's default company, or after an offline start-up
 * (no user from the API) the one the engine was given, remembered on this device. `loading` while neither is known
 * yet but may still come.
 */
export function useActiveCompany(): { code: string | null; loading: boolean } {
  const user = useCurrentUser();
  const sync = useSyncState();
  const authenticated = useIsAuthenticated();
  const linking = useSyncExternalStore(sessionLinkBusy.subscribe, sessionLinkBusy.get, sessionLinkBusy.get);
  if (user.data) return { code: user.data.defaultCompany, loading: false };
  if (sync.companyCode) return { code: sync.companyCode, loading: false };
  return { code: null, loading: authenticated && (user.isPending || linking) };
}
