import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { STAFF_ROLE, type CurrentUser, type RoleName } from '../../../contract/customer';
import { companyDetailQuery } from '../queries/companies';
import { currentUserQuery } from '../queries/customer';
import { session, type Session } from './session';

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
