import type { QueryClient } from '@tanstack/react-query';
import { companyDetailQuery } from '../../api/queries/companies';
import { currentUserQuery } from '../../api/queries/customer';

/** The profile needs the user and the chosen company before it shows; a failure shows the error screen. */
export async function loadProfile(queryClient: QueryClient): Promise<null> {
  const user = await queryClient.ensureQueryData(currentUserQuery());
  if (user.defaultCompany) await queryClient.ensureQueryData(companyDetailQuery(user.defaultCompany));
  return null;
}
