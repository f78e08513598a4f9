/**
 * The plain part of the customer contract: role names, statuses and the company list's page size. No zod here: the
 * app shell reads these on every page, and the schemas in customer.ts (which re-exports this file) load with the
 * answers they parse (docs/decisions/0044).
 */

export const ROLE_NAMES = ['Customer', 'CustomerAdministrator', 'SkafferiAdministrator'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
/** The spec's `{product}Administrator`: staff who see every company. */
export const STAFF_ROLE: RoleName = 'SkafferiAdministrator';

export const COMPANY_PAGE_SIZE = 5;

/** The roles a customer administrator may give; the staff role is never given through the API. */
export const MANAGEABLE_ROLES = ['Customer', 'CustomerAdministrator'] as const satisfies readonly RoleName[];
export type ManageableRole = (typeof MANAGEABLE_ROLES)[number];
export const ADMIN_ROLE: ManageableRole = 'CustomerAdministrator';

/** active: can log in; pending: created, has not set a password through the activation link yet; inactive: shut off. */
export const CUSTOMER_STATUSES = ['active', 'pending', 'inactive'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
