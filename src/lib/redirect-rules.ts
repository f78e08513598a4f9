import { asRedirectRules, redirectRuleProblems, type RedirectRule } from '../../contract/rules/redirects';

/**
 * The redirect rules the server put in index.html (server/plugins/client.ts, decision 0066): read at start, with no
 * call of their own. None when the page has none (the Vite dev server, an old cached page) or when the list is not
 * one the server would have started with (a wrong or looping list redirects nobody rather than send them round).
 */
export function readRedirectRules(doc: Document = document): RedirectRule[] {
  const text = doc.getElementById('redirect-rules')?.textContent;
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const rules = asRedirectRules(parsed);
  if (rules === null) return [];
  return redirectRuleProblems(rules).length === 0 ? rules : [];
}
