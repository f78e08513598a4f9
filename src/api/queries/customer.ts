import { queryOptions } from '@tanstack/react-query';
import type { SetCompanyBody } from '../../../contract/customer';
import { api } from '../api';
import { readCurrentUser } from '../customer-answers';
import { customer, pathTo } from '../../../contract/routes';

// The signed-in user is asked for on every page: read by hand (api/customer-answers.ts, decision 0077); the contract
// (and zod) load with the first answer that needs a schema, not with the app shell (docs/decisions/0044).
const customerContract = () => import('../../../contract/customer');
const customerCompaniesResponse = () => customerContract().then((m) => m.customerCompaniesResponse);

export const currentUserKey = ['customer', 'me'] as const;

/** GET /v1/customer/ — the logged-in user. */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => api.request(pathTo(customer.me), { read: readCurrentUser, signal }),
    staleTime: 60_000,
  });

/** GET /v1/customer/companies — the companies the user is linked to. */
export const customerCompaniesQuery = () =>
  queryOptions({
    queryKey: ['customer', 'companies'] as const,
    queryFn: ({ signal }) =>
      api.request(pathTo(customer.companies), { schema: customerCompaniesResponse, signal }).then((r) => r.data),
  });

/** PATCH /v1/customer/company — sets the default company; answers with the updated user. */
export const setDefaultCompany = (body: SetCompanyBody) =>
  api.request(pathTo(customer.setCompany), { method: 'PATCH', body, read: readCurrentUser });
