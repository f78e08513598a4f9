import { okResponse } from '../../../contract/common';
import { currentUser, type ChangePasswordBody, type UpdateCurrentUserBody } from '../../../contract/customer';
import { api } from '../api';
import { customer, customers, pathTo } from '../../../contract/routes';

/** PUT /v1/customer/ — the user's own name, e-mail, phone and scanner sound; answers with the updated user. */
export const updateCurrentUser = (body: UpdateCurrentUserBody) =>
  api.request(pathTo(customer.updateMe), { method: 'PUT', body, schema: currentUser });

/** PUT /v1/customer/password — the user's other sessions end; this one stays. */
export const changePassword = (body: ChangePasswordBody) =>
  api.request(pathTo(customers.changePassword), { method: 'PUT', body, schema: okResponse });
