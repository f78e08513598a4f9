/** What a route tells the layout about itself (react-router `handle`). Keys are i18n keys ('ns:key'). */
export interface RouteHandle {
  /** Page title; without one the last path segment in title case is used. */
  title?: string;
  /** Breadcrumb label; routes without one get no crumb. */
  crumb?: string;
  /** The route needs a logged-in user. */
  auth?: boolean;
}

export function routeHandle(value: unknown): RouteHandle {
  return value && typeof value === 'object' ? (value as RouteHandle) : {};
}
