import type { chartAccounts, companies, companyZones, deliveryExceptions, deliveryRoutes } from '../schema';
import { ACCOUNTS, COMMON_ACCOUNTS, COMPANY_DEFS, PROFILES, type CompanyDef, type TypeProfile } from './data/companies';
import { CITIES, STREETS } from './data/people';
import type { Rng } from './rng';
import { addDays, isoDate, isoWeekday, isWorkingDay, luhnCheckDigit, startOfUtcDay } from './util';

export type CompanyInfo = {
  id: string;
  code: string;
  def: CompanyDef;
  profile: TypeProfile;
  active: boolean;
  /** When an inactive company stopped ordering. */
  closedAt: Date | null;
  /** ISO weekdays of the delivery routes (empty for 10026). */
  routeWeekdays: number[];
  /** Dates (yyyy-MM-dd) with no delivery for this company. */
  exceptionDates: Set<string>;
  accounts: string[];
  zones: string[];
  street: string;
  postalCode: string;
  city: string;
};

export type CompanyResult = {
  companies: (typeof companies.$inferInsert)[];
  routes: (typeof deliveryRoutes.$inferInsert)[];
  exceptions: (typeof deliveryExceptions.$inferInsert)[];
  accounts: (typeof chartAccounts.$inferInsert)[];
  zones: (typeof companyZones.$inferInsert)[];
  infos: CompanyInfo[];
};

export const NO_ROUTES_CODE = '10026';
export const INACTIVE_CODES = ['10027', '10028'];
export const NO_USERS_CODE = '10030';

/** Fixed routes for the companies the demo logins use, so the demo is the same every time. */
const FIXED_WEEKDAYS: Record<string, number[]> = { '10001': [2, 4], '10002': [1, 3, 5], '10003': [2, 5] };
const WEEKDAY_NAMES = ['', 'måndag', 'tisdag', 'onsdag', 'torsdag', 'fredag', 'lördag', 'söndag'];

function orgNumber(rng: Rng, def: CompanyDef): string {
  const prefix =
    def.form === 'kommun'
      ? '212000'
      : def.form === 'hb'
        ? '969' + rng.digits(3)
        : def.form === 'ek'
          ? '769' + rng.digits(3)
          : rng.pick(['556', '559']) + rng.digits(3);
  const body = prefix + rng.digits(3);
  return `${prefix}-${body.slice(6)}${luhnCheckDigit(body)}`;
}

function phone(rng: Rng, area: string): string {
  const digits = rng.digits(area.length <= 3 ? 7 : 6);
  return digits.length === 7
    ? `${area}-${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`
    : `${area}-${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
}

/** The 30 companies with routes, closed days, chart of accounts and storage zones. */
export function makeCompanies(rng: Rng, now: Date): CompanyResult {
  const today = startOfUtcDay(now);
  const result: CompanyResult = { companies: [], routes: [], exceptions: [], accounts: [], zones: [], infos: [] };

  COMPANY_DEFS.forEach((def, index) => {
    const code = String(10001 + index);
    const profile = PROFILES[def.type];
    const id = rng.uuid();
    const city = CITIES[def.city] ?? { postal: '100', area: '08' };
    const street = `${rng.pick(STREETS)} ${rng.int(1, 64)}`;
    const postalCode = `${city.postal} ${rng.digits(2)}`;
    const active = !INACTIVE_CODES.includes(code);
    const createdAt = addDays(today, -rng.int(400, 3000));
    result.companies.push({
      id,
      code,
      name: def.name,
      orgNumber: orgNumber(rng, def),
      active,
      street,
      postalCode,
      city: def.city,
      phone: phone(rng, city.area),
      email: `${rng.pick(['info', 'kontakt', 'kok', 'inkop', 'ekonomi'])}@${def.domain}.test`,
      createdAt,
    });

    // Delivery routes: 1–3 distinct weekdays; the order deadline is 14:00 one working day before.
    let weekdays: number[] = [];
    if (code !== NO_ROUTES_CODE) {
      weekdays = FIXED_WEEKDAYS[code] ?? rng.sample([1, 2, 3, 4, 5], rng.int(1, 3)).sort((a, b) => a - b);
      const tour = rng.int(10, 89);
      for (const weekday of weekdays) {
        result.routes.push({
          id: rng.uuid(),
          companyId: id,
          name: `Tur ${tour} ${def.city} ${WEEKDAY_NAMES[weekday]}`,
          weekday,
          deadlineDaysBefore: 1,
          deadlineTime: '14:00',
        });
      }
    }

    // A few closed days on upcoming route days (inventory, staff party, school holidays …).
    const exceptionDates = new Set<string>();
    if (weekdays.length > 0 && (code === '10001' || rng.chance(0.5))) {
      const reasons =
        def.type === 'school'
          ? ['Studiedag', 'Lovvecka', 'Skolavslutning']
          : ['Stängt för inventering', 'Personalfest', 'Ombyggnad av köket', 'Stängt för privat tillställning'];
      const wanted = rng.int(1, 3);
      for (let d = rng.int(7, 20), tries = 0; exceptionDates.size < wanted && tries < 120; d++, tries++) {
        const date = addDays(today, d);
        if (!weekdays.includes(isoWeekday(date)) || !isWorkingDay(date) || !rng.chance(0.35)) continue;
        const iso = isoDate(date);
        exceptionDates.add(iso);
        result.exceptions.push({ id: rng.uuid(), companyId: id, date: iso, reason: rng.pick(reasons) });
      }
    }

    // Chart of accounts: the common ones plus those of the kind of business; an old account left inactive.
    const accounts = [...new Set([...COMMON_ACCOUNTS, ...profile.accounts])].sort();
    for (const number of accounts) {
      result.accounts.push({ id: rng.uuid(), companyId: id, number, name: ACCOUNTS[number] ?? number, active: true });
    }
    if (rng.chance(0.3)) {
      result.accounts.push({
        id: rng.uuid(),
        companyId: id,
        number: '1468',
        name: 'Lager av emballage (utgått)',
        active: false,
      });
    }

    // Zones: the first three of the profile always, the rest vary.
    const zones = [...profile.zones.slice(0, 3), ...profile.zones.slice(3).filter(() => rng.chance(0.6))];
    zones.forEach((name, i) => {
      result.zones.push({ id: rng.uuid(), companyId: id, name, sort: (i + 1) * 10, createdAt });
    });

    result.infos.push({
      id,
      code,
      def,
      profile,
      active,
      closedAt: active ? null : addDays(today, -rng.int(60, 150)),
      routeWeekdays: weekdays,
      exceptionDates,
      accounts,
      zones,
      street,
      postalCode,
      city: def.city,
    });
  });
  return result;
}

/** Storage zone of the company for a catalogue zone (Kyl, Frys, Torrt, Dryck, Non food). */
export function companyZoneFor(company: CompanyInfo, catalogueZone: string, alcoholic: boolean): string {
  const first = (names: string[]) => names.find((n) => company.zones.includes(n));
  const dry =
    first(['Torrlager', 'Torrförråd', 'Lager', 'Förråd', 'Butik', 'Personalrum']) ?? company.zones[0] ?? 'Lager';
  switch (catalogueZone) {
    case 'Kyl':
      return first(['Kylrum', 'Kyl', 'Kyldisk', 'Kylskåp']) ?? dry;
    case 'Frys':
      return first(['Frysrum', 'Frys', 'Frysbox']) ?? dry;
    case 'Dryck':
      return (alcoholic ? first(['Vinkällare', 'Bar', 'Dryckeslager']) : first(['Bar', 'Dryckeslager', 'Kyl'])) ?? dry;
    case 'Non food':
      return first(['Städförråd', 'Förråd', 'Verkstad', 'Lager']) ?? dry;
    default:
      return dry;
  }
}

/** Account of the company's chart an article is valued on. */
export function accountFor(company: CompanyInfo, topSlug: string, leafSlug: string, alcoholic: boolean): string {
  const has = (n: string) => company.accounts.includes(n);
  if (topSlug === 'drycker') {
    if (alcoholic && has('1466')) return '1466';
    return has('1465') ? '1465' : '1460';
  }
  if (topSlug === 'stad-hygien') return has('1467') ? '1467' : '5460';
  if (topSlug === 'skog-utemiljo') {
    if (leafSlug === 'skyddsutrustning' && has('5480')) return '5480';
    if (leafSlug === 'bransle-tandning' && has('5611')) return '5611';
    return '5460';
  }
  return '1460';
}
