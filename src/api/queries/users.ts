import { queryOptions } from '@tanstack/react-query';
import {
  tokenResponse,
  verifyRegistrationResponse,
  type ConfirmRegistrationBody,
  type TokenResponse,
} from '../../../contract/auth';
import {
  companyCustomersResponse,
  customerDetail,
  type AddCustomerToCompanyBody,
  type CreateCustomerBody,
  type UpdateCustomerBody,
} from '../../../contract/customer';
import { api } from '../api';
import { auth, customers, pathTo } from '../../../contract/routes';

/** Every query of the manage-users screens starts with this key, so a change can refresh them all. */
export const usersKey = ['users'] as const;

/** GET /v1/company/:code/customers — the users of a company (customer administrators and staff). */
export const companyCustomersQuery = (companyCode: string) =>
  queryOptions({
    queryKey: [...usersKey, 'company', companyCode] as const,
    queryFn: ({ signal }) =>
      api
        .request(pathTo(customers.ofCompany, { companyCode }), {
          schema: companyCustomersResponse,
          signal,
        })
        .then((r) => r.data),
  });

/** GET /v1/customers/:id — one user with the companies the administrator manages. */
export const customerDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...usersKey, 'detail', id] as const,
    queryFn: ({ signal }) => api.request(pathTo(customers.detail, { id }), { schema: customerDetail, signal }),
  });

/** POST /v1/customers — creates the user; the server mails the activation link. */
export const createCustomer = (body: CreateCustomerBody) =>
  api.request(pathTo(customers.create), { method: 'POST', body, schema: customerDetail });

/** PUT /v1/customers/:id */
export const updateCustomer = (id: string, body: UpdateCustomerBody) =>
  api.request(pathTo(customers.update, { id }), { method: 'PUT', body, schema: customerDetail });

/** POST /v1/customers/:id — adds the user to another of the administrator's companies. */
export const addCustomerToCompany = (id: string, body: AddCustomerToCompanyBody) =>
  api.request(pathTo(customers.addToCompany, { id }), { method: 'POST', body, schema: customerDetail });

/** DELETE /v1/customers/:companyId/customer/:customerId — the user leaves the company; the account stays. */
export const removeCustomerFromCompany = (companyId: string, customerId: string) =>
  api.request(pathTo(customers.removeFromCompany, { companyId, customerId }), {
    method: 'DELETE',
  });

/** GET /v1/auth/verify-registration-token — whom an activation link is for (no session needed). */
export const registrationTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['registration', token] as const,
    queryFn: ({ signal }) =>
      api.request(pathTo(auth.verifyRegistrationToken), {
        query: { token },
        schema: verifyRegistrationResponse,
        auth: 'none',
        signal,
      }),
    retry: false,
    staleTime: Infinity,
  });

/** POST /v1/auth/confirm-registration — sets the password; answers with a session for the new account. */
export const confirmRegistration = (body: ConfirmRegistrationBody): Promise<TokenResponse> =>
  api.request(pathTo(auth.confirmRegistration), { method: 'POST', body, schema: tokenResponse, auth: 'none' });
