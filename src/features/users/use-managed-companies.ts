import { useQuery } from '@tanstack/react-query';
import { customerCompaniesQuery } from '../../api/queries/customer';
import { useCurrentCompany } from '../../api/session/hooks';

export interface ManagedCompany {
  id: string;
  code: string;
  name: string;
}

/**
 * The companies the administrator may put users in: their own (active) companies, and the chosen one (staff are
 * linked to none and act for the company they have chosen). The server checks each again.
 */
export function useManagedCompanies(): { companies: ManagedCompany[]; isPending: boolean } {
  const own = useQuery(customerCompaniesQuery());
  const current = useCurrentCompany();
  const companies: ManagedCompany[] = (own.data ?? []).map(({ id, code, name }) => ({ id, code, name }));
  if (current.data && !companies.some((c) => c.code === current.data.code)) {
    companies.unshift({ id: current.data.id, code: current.data.code, name: current.data.name });
  }
  return { companies, isPending: own.isPending || (current.code !== null && current.isPending) };
}
