/**
 * SPEC §2: "A path-based rule may redirect a visitor; an absolute target URL causes a full page load." One rule,
 * used by the server for a first load (a 301/302 before the app loads) and meant for the client router too.
 */
export interface RedirectRule {
  /** A site path, starting with "/". */
  from: string;
  /** `exact`: only `from` itself; `prefix`: `from` and every path below it ("/a" matches "/a/b", not "/ab"). */
  match: 'exact' | 'prefix';
  /** A site path ("/…", router navigation) or an absolute http(s) URL (a full page load). */
  to: string;
  /** 301 for a move for good, 302 for a while (what a first load is answered with). */
  status: 301 | 302;
  /** Carry the visitor's query string over to the target. */
  keepQuery?: boolean;
}

/**
 * A list of rules in the right shape, or null: how the server reads REDIRECT_RULES and the client reads the list the
 * server put in index.html (what the rules mean is checked by `redirectRuleProblems`). Plain code, not a zod schema:
 * the client reads it on every first load, before zod is loaded (decision 0044).
 */
export function asRedirectRules(value: unknown): RedirectRule[] | null {
  if (!Array.isArray(value)) return null;
  const rules: RedirectRule[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { from, match, to, status, keepQuery } = item as Record<string, unknown>;
    if (typeof from !== 'string' || from === '' || typeof to !== 'string' || to === '') return null;
    if (match !== 'exact' && match !== 'prefix') return null;
    if (status !== 301 && status !== 302) return null;
    if (keepQuery !== undefined && typeof keepQuery !== 'boolean') return null;
    rules.push({ from, match, to, status, ...(keepQuery === undefined ? {} : { keepQuery }) });
  }
  return rules;
}

export interface RedirectTarget {
  to: string;
  status: 301 | 302;
  /** An absolute URL: the browser leaves the app (window.location.assign), never a router navigation. */
  external: boolean;
}

/** The demo's rules (embedded defaults; REDIRECT_RULES in the server's environment replaces them). */
export const DEFAULT_REDIRECT_RULES: RedirectRule[] = [
  // The old shop's address of the purchase lists.
  { from: '/mina-listor', match: 'prefix', to: '/profil/inkopslistor', status: 301, keepQuery: true },
  // The supplier's own site: a full page load.
  { from: '/leverantor', match: 'exact', to: 'https://example.com/', status: 302 },
];

const isAbsolute = (to: string) => /^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith('//');

const matches = (rule: RedirectRule, path: string) =>
  rule.match === 'exact'
    ? path === rule.from
    : path === rule.from || path.startsWith(rule.from.endsWith('/') ? rule.from : `${rule.from}/`);

/** The first rule that matches `path` (rules are tried in order), with the target to go to; null if none. */
export function findRedirect(rules: readonly RedirectRule[], path: string, search = ''): RedirectTarget | null {
  const rule = rules.find((r) => matches(r, path));
  if (!rule) return null;
  const query = rule.keepQuery && search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const joined = query ? `${rule.to}${rule.to.includes('?') ? `&${query.slice(1)}` : query}` : rule.to;
  return { to: joined, status: rule.status, external: isAbsolute(rule.to) };
}

/**
 * What is wrong with a list of rules, in words for the one who configures them (empty: fine). A rule's source is a
 * site path; a target is a site path or an http(s) URL (no javascript:, data: …); and no chain of rules leads back
 * to where it started (a loop would send the visitor round for ever).
 */
export function redirectRuleProblems(rules: readonly RedirectRule[]): string[] {
  const problems: string[] = [];
  rules.forEach((rule, i) => {
    if (!rule.from.startsWith('/') || rule.from.startsWith('//')) problems.push(`rule ${i}: from must be a site path`);
    if (isAbsolute(rule.to)) {
      let protocol = '';
      try {
        protocol = new URL(rule.to).protocol;
      } catch {
        protocol = '';
      }
      if (protocol !== 'http:' && protocol !== 'https:') problems.push(`rule ${i}: to must be an http(s) URL`);
    } else if (!rule.to.startsWith('/')) problems.push(`rule ${i}: to must be a site path or an http(s) URL`);
  });
  if (problems.length > 0) return problems;
  rules.forEach((rule, i) => {
    const visited = new Set<string>([rule.from]);
    let target: RedirectTarget | null = findRedirect(rules, rule.from);
    for (let step = 0; target && !target.external; step++) {
      const path = target.to.split('?')[0]!;
      if (visited.has(path) || step > rules.length) {
        problems.push(`rule ${i}: ${rule.from} leads round in a loop`);
        break;
      }
      visited.add(path);
      target = findRedirect(rules, path);
    }
  });
  return problems;
}
