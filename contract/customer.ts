import { z } from 'zod';
import { email, isoDate, paged, pageQuery, plainText } from './common';
import { strongPassword } from './password';
import { COMPANY_PAGE_SIZE, CUSTOMER_STATUSES, MANAGEABLE_ROLES } from './customer-constants';

export * from './customer-constants';

export const company = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  customersCount: z.number().int(),
  active: z.boolean(),
  city: z.string().nullable(),
});
export type Company = z.infer<typeof company>;

export const companyDetail = company.extend({
  orgNumber: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** Next date the company can get a delivery, or null when it has no delivery routes. */
  nextDeliveryDate: isoDate.nullable(),
  hasDeliveryRoutes: z.boolean(),
});
export type CompanyDetail = z.infer<typeof companyDetail>;

export const currentUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  /** Company code of the default company, or null. */
  defaultCompany: z.string().nullable(),
  scannerSound: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

const name = plainText.trim().min(1, { message: 'validation.required' }).max(100);
const phone = plainText
  .trim()
  .max(30)
  .regex(/^[+\d][\d\s-]*$/, { message: 'validation.phone' })
  .or(z.literal(''))
  .nullable();

/**
 * PUT /v1/customer/: the user's own profile. A new password or a new e-mail address needs the current password (the
 * server knows the address on file and decides; `profileBodyFor` lets a form ask for it first). A current password
 * that is sent is always checked.
 */
export const updateCurrentUserBody = z
  .object({
    firstName: name,
    lastName: name,
    email,
    phone,
    scannerSound: z.boolean().optional(),
    currentPassword: plainText.max(200).optional(),
    newPassword: strongPassword.optional(),
    confirmPassword: plainText.max(200).optional(),
  })
  .refine((v) => v.newPassword === undefined || v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.mismatch',
  })
  .refine((v) => v.newPassword === undefined || (v.currentPassword ?? '') !== '', {
    path: ['currentPassword'],
    message: 'validation.required',
  });
export type UpdateCurrentUserBody = z.infer<typeof updateCurrentUserBody>;

/** Whether a profile's new address differs from the one on file (addresses compare as the schema stores them). */
export const isEmailChange = (currentEmail: string, email: string) =>
  email.trim().toLowerCase() !== currentEmail.trim().toLowerCase();

/** The profile body as a form of the user with `currentEmail` checks it: a changed address asks for the password. */
export function profileBodyFor(currentEmail: string) {
  return updateCurrentUserBody.refine(
    (v) => !isEmailChange(currentEmail, v.email) || (v.currentPassword ?? '') !== '',
    { path: ['currentPassword'], message: 'validation.currentPasswordForEmail' },
  );
}

export const setCompanyBody = z.object({
  companyCode: plainText.trim().min(1, { message: 'validation.required' }).max(32),
});
export type SetCompanyBody = z.infer<typeof setCompanyBody>;

export const customerCompaniesResponse = z.object({ data: z.array(company) });

const booleanish = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

export const companiesQuery = z.object({
  ...pageQuery(COMPANY_PAGE_SIZE, 100),
  searchString: plainText.trim().max(100).optional(),
  withInactive: booleanish.default(false),
});
export type CompaniesQuery = z.input<typeof companiesQuery>;

export const pagedCompanies = paged(company);
export type PagedCompanies = z.infer<typeof pagedCompanies>;

/* ---- Managing the users of a company (customer administrators; staff too) ---- */

/** At least one role; each one of the manageable ones (a staff role is refused); duplicates removed. */
export const manageableRoles = z
  .array(z.enum(MANAGEABLE_ROLES, { message: 'validation.invalid' }))
  .max(MANAGEABLE_ROLES.length)
  .refine((roles) => roles.length > 0, { message: 'validation.required' })
  .transform((roles) => MANAGEABLE_ROLES.filter((role) => roles.includes(role)));

/** A user of a company as the manage-users table shows it. */
export const companyCustomer = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  roles: z.array(z.string()),
  status: z.enum(CUSTOMER_STATUSES),
});
export type CompanyCustomer = z.infer<typeof companyCustomer>;

export const companyCustomersResponse = z.object({ data: z.array(companyCustomer) });
export type CompanyCustomersResponse = z.infer<typeof companyCustomersResponse>;

export const customerCompanyRef = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type CustomerCompanyRef = z.infer<typeof customerCompanyRef>;

/** GET /v1/customers/:id — one user with the companies the caller manages that the user belongs to. */
export const customerDetail = companyCustomer.extend({
  companies: z.array(customerCompanyRef),
  /** The user also belongs to a company the caller does not manage: e-mail and roles are then not the caller's to change. */
  managedElsewhere: z.boolean(),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

const companyCodeField = plainText.trim().min(1, { message: 'validation.required' }).max(32);

export const customerIdParam = z.object({ id: z.uuid({ message: 'validation.invalid' }) });
export const removeCustomerParams = z.object({
  companyId: z.uuid({ message: 'validation.invalid' }),
  customerId: z.uuid({ message: 'validation.invalid' }),
});

/** PUT /v1/customers/:id */
export const updateCustomerBody = z.object({ firstName: name, lastName: name, email, phone, roles: manageableRoles });
export type UpdateCustomerBody = z.input<typeof updateCustomerBody>;

/** POST /v1/customers — creates the user in one or more of the caller's companies and mails an activation link. */
export const createCustomerBody = updateCustomerBody.extend({
  companyCodes: z
    .array(companyCodeField)
    .max(100)
    .refine((codes) => codes.length > 0, { message: 'validation.required' })
    .transform((codes) => [...new Set(codes)]),
});
export type CreateCustomerBody = z.input<typeof createCustomerBody>;

/** POST /v1/customers/:id — adds an existing user to another of the caller's companies. */
export const addCustomerToCompanyBody = z.object({ companyCode: companyCodeField, roles: manageableRoles });
export type AddCustomerToCompanyBody = z.input<typeof addCustomerToCompanyBody>;

/** PUT /v1/customer/password — the user's own password; the other sessions of the user end. */
export const changePasswordBody = z
  .object({
    currentPassword: plainText.min(1, { message: 'validation.required' }).max(200),
    password: strongPassword,
    confirmPassword: plainText.max(200),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'validation.mismatch' });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;
