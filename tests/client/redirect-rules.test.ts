import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REDIRECT_RULES,
  findRedirect,
  redirectRuleProblems,
  type RedirectRule,
} from '../../contract/rules/redirects';

const rules: RedirectRule[] = [
  { from: '/gammal-sida', match: 'exact', to: '/ny-sida', status: 301 },
  { from: '/kampanj', match: 'prefix', to: '/sok?q=kampanj', status: 302, keepQuery: true },
  { from: '/partner', match: 'exact', to: 'https://partner.example/', status: 302 },
];

describe('redirect rules (SPEC §2)', () => {
  it('matches an exact path only itself', () => {
    expect(findRedirect(rules, '/gammal-sida')).toEqual({ to: '/ny-sida', status: 301, external: false });
    expect(findRedirect(rules, '/gammal-sida/x')).toBeNull();
    expect(findRedirect(rules, '/gammal')).toBeNull();
  });

  it('matches a prefix on whole segments and keeps the query when the rule says so', () => {
    expect(findRedirect(rules, '/kampanj')?.to).toBe('/sok?q=kampanj');
    expect(findRedirect(rules, '/kampanj/vinter', '?sida=2')?.to).toBe('/sok?q=kampanj&sida=2');
    expect(findRedirect(rules, '/kampanjer')).toBeNull();
    // Without keepQuery the query stays behind.
    expect(findRedirect(rules, '/gammal-sida', '?a=1')?.to).toBe('/ny-sida');
  });

  it('marks an absolute target as a full page load', () => {
    expect(findRedirect(rules, '/partner')).toEqual({ to: 'https://partner.example/', status: 302, external: true });
  });

  it('accepts the embedded defaults and these rules', () => {
    expect(redirectRuleProblems(DEFAULT_REDIRECT_RULES)).toEqual([]);
    expect(redirectRuleProblems(rules)).toEqual([]);
  });

  it('refuses targets other than site paths and http(s) URLs', () => {
    const bad = (to: string) => redirectRuleProblems([{ from: '/a', match: 'exact', to, status: 302 }]);
    expect(bad('javascript:alert(1)')).toHaveLength(1);
    expect(bad('data:text/html,x')).toHaveLength(1);
    expect(bad('ftp://example.com/')).toHaveLength(1);
    expect(bad('relative/path')).toHaveLength(1);
    expect(bad('http://example.com/')).toEqual([]);
    expect(redirectRuleProblems([{ from: 'a', match: 'exact', to: '/b', status: 302 }])).toHaveLength(1);
  });

  it('refuses loops, direct and through a chain', () => {
    expect(redirectRuleProblems([{ from: '/a', match: 'exact', to: '/a', status: 301 }])).toHaveLength(1);
    expect(
      redirectRuleProblems([
        { from: '/a', match: 'exact', to: '/b', status: 301 },
        { from: '/b', match: 'prefix', to: '/c?x=1', status: 301 },
        { from: '/c', match: 'exact', to: '/a', status: 301 },
      ]),
    ).toHaveLength(3);
    // A prefix rule whose target lies below itself loops too.
    expect(redirectRuleProblems([{ from: '/a', match: 'prefix', to: '/a/b', status: 301 }])).toHaveLength(1);
  });
});
