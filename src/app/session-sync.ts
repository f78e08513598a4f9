import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type createBrowserRouter, type RouteObject } from 'react-router';
import { needsRenewal, RENEW_CHECK_INTERVAL_MS } from '../api/session/renewal';
import { renewSession, session, type SessionEndReason } from '../api/session/session';
import { companySwitcher } from '../features/company-switcher';
import { i18n } from '../lib/i18n';
import { paths } from '../lib/paths';
import { toast } from '../ui/toast-queue';
import { routeHandle } from './route-handle';
import { destinationAfterSessionEnd } from './session-destination';

type Router = ReturnType<typeof createBrowserRouter>;

/** Checks the token and renews it when the timestamp minus 10 minutes is earlier than now. */
function renewIfDue(): void {
  const current = session.get();
  if (current && needsRenewal(current.validTo, Date.now())) void renewSession();
}

function announceSessionEnd(reason: SessionEndReason): void {
  if (reason === 'renewalFailed' || reason === 'unauthorized') {
    toast.attention(i18n.t('layout:session.expired'), {
      id: 'session',
      description: i18n.t('layout:session.expiredText'),
    });
  }
  if (reason === 'logout') toast.success(i18n.t('layout:session.loggedOut'), { id: 'session' });
}

/**
 * The session ended while the state loaded at start-up (before the router exists): leave an auth page the same
 * way as later on.
 */
export function applyStartupSessionEnd(reason: SessionEndReason | null, routes: RouteObject[]): void {
  if (!reason) return;
  announceSessionEnd(reason);
  const onAuthPage = (matchRoutes(routes, window.location) ?? []).some((match) => routeHandle(match.route.handle).auth);
  const target = onAuthPage ? destinationAfterSessionEnd(reason, true) : null;
  if (target) window.history.replaceState(null, '', target);
}

/**
 * Wires the session rules of SPEC §4 to the app:
 * - becoming unauthenticated resets every store and leaves auth pages (to '/' after a failed renewal or a logout,
 *   else to /login);
 * - while authenticated, the token is checked every 5 minutes and renewed when due;
 * - when the tab becomes visible, the cookies are read again and the state reloads.
 */
export function connectSession(router: Router, queryClient: QueryClient): () => void {
  const onAuthPage = () => router.state.matches.some((match) => routeHandle(match.route.handle).auth);

  const onEnded = (reason: SessionEndReason) => {
    queryClient.clear();
    // What the device kept of this user's data goes too; a token that merely expired keeps it for their next login.
    if (reason === 'logout') void import('../api/query-persist').then((m) => m.forgetQueries());
    companySwitcher.reset();
    if (reason === 'renewalFailed' || reason === 'unauthorized') {
      toast.attention(i18n.t('layout:session.expired'), {
        id: 'session',
        description: i18n.t('layout:session.expiredText'),
      });
    }
    if (reason === 'logout') {
      toast.success(i18n.t('layout:session.loggedOut'), { id: 'session' });
      void router.navigate(paths.home);
    } else if (reason === 'renewalFailed') {
      void router.navigate(paths.home);
    } else if (onAuthPage()) {
      void router.navigate(paths.login);
    }
  };

  let timer: ReturnType<typeof setInterval> | undefined;
  const scheduleChecks = () => {
    if (session.get() && timer === undefined) timer = setInterval(renewIfDue, RENEW_CHECK_INTERVAL_MS);
    if (!session.get() && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  const unsubscribe = session.subscribe((current, reason) => {
    scheduleChecks();
    if (!current && reason) onEnded(reason);
  });
  scheduleChecks();

  const onVisibility = () => {
    if (document.visibilityState !== 'visible') return;
    session.syncFromStorage();
    if (!session.get()) return;
    renewIfDue();
    void queryClient.invalidateQueries();
  };
  document.addEventListener('visibilitychange', onVisibility);

  return () => {
    unsubscribe();
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
