import type { RoleName, userCompanies, users } from '../schema';
import type { CompanyInfo } from './companies';
import { NO_USERS_CODE } from './companies';
import { FIRST_NAMES, LAST_NAMES } from './data/people';
import type { Rng } from './rng';
import { addDays, slugify, startOfUtcDay } from './util';

export type DemoLogin = { email: string; password: string; description: string };

/** The four demo logins (also printed by the server at start). */
export const DEMO_LOGINS: DemoLogin[] = [
  { email: 'kund@skafferi.test', password: 'Kund123!', description: 'Kund, två företag (10001 och 10002)' },
  { email: 'admin@skafferi.test', password: 'Admin123!', description: 'Kundadministratör för 10003' },
  { email: 'personal@skafferi.test', password: 'Personal123!', description: 'Personal hos Skafferi, ser alla företag' },
  { email: 'ny@skafferi.test', password: 'Ny12345!', description: 'Kund utan kopplat företag' },
];

/** Password of every generated (non-demo) user. */
export const DEMO_USER_PASSWORD = 'Demo123!';

type DemoUserDef = { firstName: string; lastName: string; roles: RoleName[]; companies: string[] };
const DEMO_USER_DEFS: Record<string, DemoUserDef> = {
  'kund@skafferi.test': {
    firstName: 'Karin',
    lastName: 'Lindqvist',
    roles: ['Customer'],
    companies: ['10001', '10002'],
  },
  'admin@skafferi.test': {
    firstName: 'Adam',
    lastName: 'Berglund',
    roles: ['Customer', 'CustomerAdministrator'],
    companies: ['10003'],
  },
  'personal@skafferi.test': {
    firstName: 'Petra',
    lastName: 'Sjöberg',
    roles: ['SkafferiAdministrator'],
    companies: [],
  },
  'ny@skafferi.test': { firstName: 'Nils', lastName: 'Nyberg', roles: ['Customer'], companies: [] },
};

export type UserInfo = { id: string; email: string; firstName: string; lastName: string; companyIds: string[] };

export type UserResult = {
  users: (typeof users.$inferInsert)[];
  links: (typeof userCompanies.$inferInsert)[];
  infos: UserInfo[];
  /** Users linked to each company id, demo users first. */
  byCompany: Map<string, UserInfo[]>;
};

function mobile(rng: Rng): string {
  const d = rng.digits(7);
  return `07${rng.pick(['0', '2', '3', '6'])}-${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5)}`;
}

/**
 * The demo logins exactly as documented, plus 1–4 users per company (none for 10030; 10003 gets four besides its
 * administrator). `demoHashes` maps each demo email to its password hash; every other user gets `sharedHash`.
 */
export function makeUsers(
  rng: Rng,
  companies: CompanyInfo[],
  now: Date,
  demoHashes: Map<string, string>,
  sharedHash: string,
): UserResult {
  const today = startOfUtcDay(now);
  const result: UserResult = { users: [], links: [], infos: [], byCompany: new Map() };
  const byCode = new Map(companies.map((c) => [c.code, c]));
  const emails = new Set<string>();

  const add = (
    def: { email: string; firstName: string; lastName: string; roles: RoleName[]; companies: CompanyInfo[] },
    extra: { passwordHash: string | null; active?: boolean },
  ) => {
    const id = rng.uuid();
    const createdAt = addDays(today, -rng.int(20, 900));
    emails.add(def.email);
    result.users.push({
      id,
      email: def.email,
      passwordHash: extra.passwordHash,
      firstName: def.firstName,
      lastName: def.lastName,
      phone: mobile(rng),
      roles: def.roles,
      defaultCompanyId: def.companies[0]?.id ?? null,
      active: extra.active ?? true,
      scannerSound: rng.chance(0.8),
      createdAt,
      updatedAt: addDays(createdAt, rng.int(0, 15)),
    });
    const info: UserInfo = {
      id,
      email: def.email,
      firstName: def.firstName,
      lastName: def.lastName,
      companyIds: def.companies.map((c) => c.id),
    };
    result.infos.push(info);
    for (const company of def.companies) {
      result.links.push({ userId: id, companyId: company.id, createdAt });
      const list = result.byCompany.get(company.id) ?? [];
      list.push(info);
      result.byCompany.set(company.id, list);
    }
    return info;
  };

  for (const login of DEMO_LOGINS) {
    const def = DEMO_USER_DEFS[login.email];
    const hash = demoHashes.get(login.email);
    if (!def || !hash) throw new Error(`Missing demo user ${login.email}`);
    const linked = def.companies.map((code) => byCode.get(code)).filter((c): c is CompanyInfo => !!c);
    add(
      { email: login.email, firstName: def.firstName, lastName: def.lastName, roles: def.roles, companies: linked },
      { passwordHash: hash },
    );
  }

  const uniqueEmail = (first: string, last: string, domain: string) => {
    const base = `${slugify(first)}.${slugify(last)}`;
    for (let n = 1; ; n++) {
      const email = `${base}${n === 1 ? '' : n}@${domain}.test`;
      if (!emails.has(email)) return email;
    }
  };

  for (const company of companies) {
    if (company.code === NO_USERS_CODE) continue;
    const count = company.code === '10003' ? 4 : company.code === '10001' ? rng.int(2, 3) : rng.int(1, 4);
    for (let i = 0; i < count; i++) {
      const firstName = rng.pick(FIRST_NAMES);
      const lastName = rng.pick(LAST_NAMES);
      // The first generated user administers the company, except where a demo administrator already does.
      const admin = i === 0 && company.code !== '10003';
      const pending = company.code === '10003' && i === count - 1;
      add(
        {
          email: uniqueEmail(firstName, lastName, company.def.domain),
          firstName,
          lastName,
          roles: admin ? ['Customer', 'CustomerAdministrator'] : ['Customer'],
          companies: [company],
        },
        // 10003's last user was invited and has not set a password yet; a few others are deactivated.
        { passwordHash: pending ? null : sharedHash, active: pending || i === 0 ? true : !rng.chance(0.05) },
      );
    }
  }

  // A few users work for two companies (a chain, a consultant chef).
  const withUsers = companies.filter((c) => c.code !== NO_USERS_CODE && c.active);
  for (let k = 0; k < 3; k++) {
    const from = rng.pick(withUsers);
    const to = rng.pick(withUsers);
    const user = result.byCompany.get(from.id)?.find((u) => !u.email.endsWith('@skafferi.test'));
    if (!user || from.id === to.id || user.companyIds.includes(to.id)) continue;
    user.companyIds.push(to.id);
    result.links.push({ userId: user.id, companyId: to.id, createdAt: addDays(today, -rng.int(5, 200)) });
    result.byCompany.get(to.id)?.push(user);
  }
  return result;
}
