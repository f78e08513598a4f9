/** A fixed instant for seeded data, so every run sees the same demo data. */
export const SEED_NOW = new Date('2026-11-20T09:00:00Z');

/** Products in a test database's catalogue: enough for every category, small enough to seed fast. */
export const SEED_PRODUCTS = 60;
