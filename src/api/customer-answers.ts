import type { CompanyDetail, CurrentUser } from '../../contract/customer';
import { isCalendarDate } from '../../contract/rules/calendar-date';
import { readFields, type Field } from './read-fields';

/**
 * The signed-in user and the chosen company's details, read by hand like the shell's answers (decision 0044): every
 * logged-in screen asks for both at start-up, and parsing them with contract/customer's schemas brought zod (≈ 27 KB
 * gzip) into each such screen's first load — the inventory overview's budget (decision 0077).
 * tests/client/shell-answers.test.ts holds them to `currentUser` and `companyDetail`.
 */

const CURRENT_USER: Record<keyof CurrentUser, Field> = {
  id: ['string'],
  email: ['string'],
  firstName: ['string'],
  lastName: ['string'],
  phone: ['string', 'nullable'],
  roles: ['strings'],
  defaultCompany: ['string', 'nullable'],
  scannerSound: ['boolean'],
};

const COMPANY_DETAIL: Record<keyof CompanyDetail, Field> = {
  id: ['string'],
  code: ['string'],
  name: ['string'],
  customersCount: ['int'],
  active: ['boolean'],
  city: ['string', 'nullable'],
  orgNumber: ['string', 'nullable'],
  street: ['string', 'nullable'],
  postalCode: ['string', 'nullable'],
  phone: ['string', 'nullable'],
  email: ['string', 'nullable'],
  nextDeliveryDate: ['string', 'nullable'],
  hasDeliveryRoutes: ['boolean'],
};

/** GET /v1/customer/ (and PATCH /v1/customer/company): the user, or undefined. */
export const readCurrentUser = (body: unknown) => readFields<CurrentUser>(body, CURRENT_USER);

/** GET /v1/company/:companyCode: the company with its address and next delivery date, or undefined. */
export function readCompanyDetail(body: unknown): CompanyDetail | undefined {
  const detail = readFields<CompanyDetail>(body, COMPANY_DETAIL);
  if (!detail || (detail.nextDeliveryDate !== null && !isCalendarDate(detail.nextDeliveryDate))) return undefined;
  return detail;
}
