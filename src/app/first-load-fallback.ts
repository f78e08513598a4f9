import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/**
 * Gives every route that waits for code or data on the first load (a `lazy` or a `loader`) a `HydrateFallback`.
 *
 * React Router draws a first load up to the deepest route with a fallback above the first one still waiting. With the
 * fallback on the root only, nothing of the layout appeared before the page's code and data were here: a phone saw
 * the boot splash until then. With a fallback on each waiting route, the layout (header, cookie banner, breadcrumbs)
 * is drawn at once and only the page's own place shows the fallback (docs/decisions/0045).
 */
export function withFirstLoadFallback(routes: RouteObject[], Fallback: ComponentType): RouteObject[] {
  return routes.map((route) => {
    const waits = route.lazy !== undefined || route.loader !== undefined;
    const children = route.children && withFirstLoadFallback(route.children, Fallback);
    return {
      ...route,
      ...(children && { children }),
      ...(waits && !route.HydrateFallback && { HydrateFallback: Fallback }),
    } as RouteObject;
  });
}
