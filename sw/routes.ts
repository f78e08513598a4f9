// Which requests the service worker answers, and how. Pure functions of the URL, so they read like a table.

/**
 * Paths that are never the app: the API, its docs, the health check, the sitemap, the embedded search engine and
 * content CDN, the product data sheets. A navigation to one of them goes to the server, never to the cached app shell.
 */
const SERVER_PATHS = [
  /^\/v1(\/|$)/,
  /^\/datablad(\/|$)/,
  /^\/api(\/|$)/,
  /^\/health(\/|$)/,
  /^\/sitemap\.xml$/,
  /^\/search(\/|$)/,
  /^\/cdn(\/|$)/,
];

/** Files the server serves as they are (a navigation to /manifest.webmanifest must not get index.html). */
const SERVER_FILES = /\.(?:webmanifest|json|xml|txt|js|mjs|css|map|png|svg|ico|webp|avif|jpe?g|gif|pdf|xlsx)$/i;

/** Navigations that get the precached index.html (client routes), so that the app starts with no network. */
export function isAppNavigation(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  if (SERVER_PATHS.some((pattern) => pattern.test(url.pathname))) return false;
  return !SERVER_FILES.test(url.pathname);
}

/** The API answers (`/v1/*`): never cached here (except public content, see `isContent`); the app keeps its own data
 * in IndexedDB (DESIGN.md). */
export function isApi(url: URL, origin: string): boolean {
  return url.origin === origin && /^\/v1(\/|$)/.test(url.pathname);
}

/**
 * Product and content images (cache first): anything the page loads as an image, and everything under /images/.
 * Not the API, even if an image ever comes from it (it would carry a user's data).
 */
export function isImage(url: URL, destination: string, origin: string): boolean {
  if (isApi(url, origin)) return false;
  if (url.origin === origin && url.pathname.startsWith('/images/')) return true;
  return destination === 'image' && (url.protocol === 'https:' || url.origin === origin);
}

/**
 * Content stories, Storyblok's CDN API (`…/cdn/stories`, `…/cdn/links`), from Storyblok itself or from the server's
 * own Storyblok-compatible subset under /v1/content/ (with the content client's configuration): stale-while-revalidate,
 * so that content pages, the start page first, open with no network. They are public and carry no user's data;
 * the rest of /v1 is API data and is left alone.
 */
export function isContent(url: URL, origin: string): boolean {
  const cdn = /(^|\/)cdn\/(stories|links|datasources|datasource_entries|tags|spaces)(\/|$)/.test(url.pathname);
  if (url.origin === origin && /^\/v1\/content\/(config$|cdn\/)/.test(url.pathname)) return true;
  return cdn && !isApi(url, origin);
}

/**
 * The cache key of a content request: Storyblok's `cv` (cache version) changes with every publish and is sent as a
 * cache buster; without it, the stored answer is found again (and renewed in the background).
 */
export function contentCacheKey(url: URL): string {
  const key = new URL(url.href);
  key.searchParams.delete('cv');
  key.searchParams.sort();
  return key.href;
}
