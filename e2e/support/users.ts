/** The demo logins of the seed (see /health's server print-out and server/db/seed). */
export interface DemoUser {
  email: string;
  password: string;
}

export const users = {
  kund: { email: 'kund@skafferi.test', password: 'Kund123!' },
  admin: { email: 'admin@skafferi.test', password: 'Admin123!' },
  personal: { email: 'personal@skafferi.test', password: 'Personal123!' },
  ny: { email: 'ny@skafferi.test', password: 'Ny12345!' },
} satisfies Record<string, DemoUser>;

export const CUSTOMER_SERVICE_EMAIL = 'kundservice@skafferi.test';
