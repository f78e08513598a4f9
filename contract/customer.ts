import { z } from 'zod';
import { email, isoDate } from './common';
import { strongPassword } from './password';

export const ROLE_NAMES = ['Customer', 'CustomerAdministrator', 'SkafferiAdministrator'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
/** The spec's `{product}Administrator`: staff who see every company. */
export const STAFF_ROLE: RoleName = 'SkafferiAdministrator';

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

const name = z.string().trim().min(1, { message: 'validation.required' }).max(100);
const phone = z
  .string()
  .trim()
  .max(30)
  .regex(/^[+\d][\d\s-]*$/, { message: 'validation.phone' })
  .or(z.literal(''))
  .nullable();

/** PUT /v1/customer/: the user's own profile; a new password needs the current one. */
export const updateCurrentUserBody = z
  .object({
    firstName: name,
    lastName: name,
    email,
    phone,
    scannerSound: z.boolean().optional(),
    currentPassword: z.string().max(200).optional(),
    newPassword: strongPassword.optional(),
    confirmPassword: z.string().max(200).optional(),
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

export const setCompanyBody = z.object({
  companyCode: z.string().trim().min(1, { message: 'validation.required' }).max(32),
});
export type SetCompanyBody = z.infer<typeof setCompanyBody>;

export const customerCompaniesResponse = z.object({ data: z.array(company) });

export const COMPANY_PAGE_SIZE = 5;

const booleanish = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

export const companiesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(COMPANY_PAGE_SIZE),
  searchString: z.string().trim().max(100).optional(),
  withInactive: booleanish.default(false),
});
export type CompaniesQuery = z.input<typeof companiesQuery>;

export const pagedCompanies = z.object({
  data: z.array(company),
  totalRecords: z.number().int(),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
});
export type PagedCompanies = z.infer<typeof pagedCompanies>;
