import type { QueryClient } from '@tanstack/react-query';
import { data } from 'react-router';
import { currentUserQuery } from '../../api/queries/customer';
import { hasRole } from '../../api/session/hooks';

/**
 * SPEC §2/§6: the manage-users routes need the role CustomerAdministrator (staff may too) — checked here on the
 * loaded user, so another user sees the 403 screen; the server checks every call again.
 */
export async function requireUserManager(queryClient: QueryClient): Promise<null> {
  const user = await queryClient.ensureQueryData(currentUserQuery());
  if (!hasRole(user, 'CustomerAdministrator', 'SkafferiAdministrator')) {
    throw data({ code: 'Forbidden' }, { status: 403, statusText: 'Forbidden' });
  }
  return null;
}
