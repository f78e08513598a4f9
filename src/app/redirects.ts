import type { createBrowserRouter, Location } from 'react-router';
import { findRedirect, type RedirectRule } from '../../contract/rules/redirects';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * A start on a redirected path: the server answers such a first load itself, but the service worker answers a
 * navigation with its cached app, so the app applies the rule too before its router reads the address. True when the
 * page is leaving for an absolute target (the app then does not start).
 */
export function redirectOnStart(rules: readonly RedirectRule[], win: Window = window): boolean {
  const { pathname, search, hash } = win.location;
  const target = findRedirect(rules, pathname, search);
  if (!target) return false;
  // Replace, as the server's 301/302 would: the redirected address does not stay in the history.
  if (target.external) {
    win.location.replace(target.to);
    return true;
  }
  win.history.replaceState(win.history.state, '', `${target.to}${hash}`);
  return false;
}

/**
 * SPEC §2 for in-app navigations: a link (or back/forward) to a redirected path is sent on as soon as the router
 * starts it, before the path's page loads or renders. A site path is a router navigation; an absolute URL a full
 * page load. A navigation by the history (back/forward) has already put the redirected address in the browser's
 * history (the address bar shows it), so the target replaces it; a link's own navigation was never committed, so the
 * target takes its place.
 * Rules that loop are refused before they get here (redirectRuleProblems).
 */
export function applyRedirectRules(router: Router, rules: readonly RedirectRule[], win: Window = window): () => void {
  if (rules.length === 0) return () => undefined;
  let leaving = false;
  const follow = (location: Location) => {
    const target = findRedirect(rules, location.pathname, location.search);
    if (!target || leaving) return;
    // The browser shows the path already when the history brought it (back/forward) or the navigation is done.
    const fromHistory = win.location.pathname === location.pathname && win.location.search === location.search;
    if (target.external) {
      leaving = true;
      if (fromHistory) win.location.replace(target.to);
      else win.location.assign(target.to);
      return;
    }
    void router.navigate(`${target.to}${location.hash}`, { replace: fromHistory, state: location.state });
  };
  return router.subscribe((state) => follow(state.navigation.location ?? state.location));
}
