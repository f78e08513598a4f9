import { createPath, type createBrowserRouter } from 'react-router';
import { isBusy } from '../../offline/busy';
import { applyUpdate, updateState } from './update';

type Router = ReturnType<typeof createBrowserRouter>;

/** How long the page must have been still after a navigation before the update reloads it. */
const SETTLE_MS = 400;

/** A same-origin link the router would follow, from a plain left click; its path, or null. */
function followedLink(event: MouseEvent): string | null {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return null;
  }
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // A link within the page (the skip link, #main) is no navigation.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * SPEC §4: a new version is applied on the next navigation.
 * - A link click takes the navigation over before the router starts it: the page is quiet (no route code or images
 *   loading), the new worker takes control, and the target is loaded afresh. If that cannot be done (busy, or the
 *   reload guard), the click goes on as a normal in-app navigation.
 *   (Asking the new worker to take over while the page is loading a route raced Chromium's switch of workers: a request
 *   that reaches the old worker while it is being stopped left the activation hanging until the next full load.)
 * - Any other navigation (a form that navigates, back/forward) reloads the page it arrived at once it has settled and
 *   the screen it left has unmounted (leaving a count screen ends its busy mark).
 */
export function applyUpdatesOnNavigation(router: Router): () => void {
  let lastKey = router.state.location.key;
  let settle: ReturnType<typeof setTimeout> | undefined;

  const onClick = (event: MouseEvent) => {
    const { available, applying } = updateState.get();
    if (!available || applying || isBusy()) return;
    const target = followedLink(event);
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    void applyUpdate({ target }).then((reloading) => {
      if (!reloading) void router.navigate(target);
    });
  };
  document.addEventListener('click', onClick, true);

  const unsubscribe = router.subscribe((state) => {
    const arrived = state.location.key !== lastKey && state.navigation.state === 'idle';
    if (state.navigation.state === 'idle') lastKey = state.location.key;
    if (!arrived || !updateState.get().available) return;
    clearTimeout(settle);
    settle = setTimeout(() => void applyUpdate({ target: createPath(router.state.location) }), SETTLE_MS);
  });

  return () => {
    document.removeEventListener('click', onClick, true);
    clearTimeout(settle);
    unsubscribe();
  };
}
