import { z } from 'zod';
import { MANAGEABLE_ROLES, updateCustomerBody, type CustomerDetail } from '../../../contract/customer';

/**
 * The form keeps every value as a string (src/lib/forms/use-form.ts), so the chosen roles and companies travel as
 * comma-separated lists and become arrays here; the rest is the contract's own schema.
 */
const splitList = (value: unknown) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value);

export const userFormSchema = updateCustomerBody.extend({
  roles: z.preprocess(splitList, z.array(z.enum(MANAGEABLE_ROLES)).min(1, { message: 'users.form.rolesRequired' })),
});

export const createUserFormSchema = userFormSchema.extend({
  companyCodes: z.preprocess(splitList, z.array(z.string()).min(1, { message: 'users.form.companiesRequired' })),
});

export const joinList = (values: readonly string[]) => values.join(',');

export const userFormValues = (user: CustomerDetail) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone ?? '',
  roles: joinList(user.roles.filter((role) => (MANAGEABLE_ROLES as readonly string[]).includes(role))),
});

/** Filters users by name, e-mail or phone; every word of the query must match somewhere. */
export function matchesQuery(
  user: { firstName: string; lastName: string; email: string; phone: string | null },
  query: string,
): boolean {
  const haystack = `${user.firstName} ${user.lastName} ${user.email} ${user.phone ?? ''}`.toLocaleLowerCase('sv-SE');
  const compact = haystack.replace(/[\s-]/g, '');
  return query
    .toLocaleLowerCase('sv-SE')
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word) || compact.includes(word.replace(/-/g, '')));
}
