import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../api-error';
import { customerCompaniesQuery } from '../queries/customer';
import { isStaff, useCurrentUser } from './hooks';

/**
 * Whether the user is a customer whose account no company is linked to (ny@ before customer service links one). Such
 * a user cannot choose a company anywhere, so screens tell them to contact customer service instead of pointing at
 * the company button. `enabled`: ask only where the answer is shown (the list is one request, cached).
 */
export function useNoLinkedCompany(enabled = true): boolean {
  const { data: user } = useCurrentUser();
  const staff = isStaff(user);
  const companies = useQuery({ ...customerCompaniesQuery(), enabled: enabled && !!user && !staff });
  return (
    !!user &&
    !staff &&
    ((companies.isSuccess && companies.data.length === 0) ||
      (isApiError(companies.error) && companies.error.code === 'RequiresCompany'))
  );
}

const SEEN_KEY = 'skafferi.noCompanySeen';

/** The switcher told this user once that no company is linked: it does not open by itself on every page load. */
export const noCompanySeen = {
  has(userId: string): boolean {
    try {
      return localStorage.getItem(SEEN_KEY) === userId;
    } catch {
      return false;
    }
  },
  remember(userId: string): void {
    try {
      localStorage.setItem(SEEN_KEY, userId);
    } catch {
      // Private mode without storage: it opens again next load, as before.
    }
  },
};
