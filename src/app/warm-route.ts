import { matchRoutes, type RouteObject } from 'react-router';

type Load = () => Promise<unknown>;

/** `load` started now, as a function that hands out that same load every time it is called. */
function started(load: Load): Load {
  const loading = load();
  loading.catch(() => undefined); // the router's to handle when it asks
  return () => loading;
}

/**
 * Starts fetching the code of the routes that `location` opens, before the router exists (issue #17, decision 0085):
 * the app first waits for the session's state (the server's answer, or on an offline start the device's copy), and the
 * page's code came only after. Each matched route's `lazy` is replaced by one that runs once, so the router, when it
 * asks, gets the same promise. Call before `createBrowserRouter` (which copies the routes). A failed fetch is the
 * router's to handle when it asks (chunk-reload.ts), as before.
 */
export function warmMatchedRoutes(routes: RouteObject[], location: Pick<Location, 'pathname'>): void {
  for (const { route } of matchRoutes(routes, location.pathname) ?? []) {
    const lazy = route.lazy;
    if (typeof lazy === 'function') route.lazy = started(lazy) as typeof lazy;
    else if (lazy) {
      const parts = lazy as Record<string, Load | undefined>;
      for (const [key, part] of Object.entries(parts)) if (typeof part === 'function') parts[key] = started(part);
    }
  }
}
