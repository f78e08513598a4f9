import type { Multilink } from './content-fields';

/**
 * The plain part of the content contract: constants (SPEC §1, §9), component and icon names, and the app paths of
 * stories, categories and products. No zod here: the browser's first screen reads these, and the schemas in
 * content.ts (which re-exports this file) load only where answers are parsed (docs/decisions/0044).
 */

// ── Constants ──────────────────────────────────────────────────────────────────────────────────────────────────

/** SPEC §1: the content service's products folder; its child stories are the top-level category pages. */
export const PRODUCTS_FOLDER_ID = 488402199;
/** The products folder's slug: category pages live at /sortiment/{top}/{…}/{category}. */
export const PRODUCTS_FOLDER_SLUG = 'sortiment';

/** SPEC §9 content client constants (storyblok-js-client options in brackets). */
export const CONTENT_CLIENT = {
  /** Requests per second [rateLimit]; 3 with an OAuth (management) token. */
  rateLimit: 5,
  oauthRateLimit: 3,
  /** Default page size of list calls [per_page]. */
  perPage: 25,
  /** Ids per batch when resolving links and relations (the client's own chunk size). */
  batchSize: 50,
  /** A 429 is retried this many times [maxRetries] … */
  maxRetries: 10,
  /** … after this many milliseconds [retriesDelay]. */
  retriesDelayMs: 300,
  /** No timeout by default [timeout, in SECONDS; 0 = none]. */
  timeoutSeconds: 0,
} as const;

/**
 * A content endpoint on the server that answered the config (`/v1/content`): a path, no scheme or host, so that the
 * browser reaches it on the origin it has the API from — whatever address the app was opened at (decision 0051).
 * Plain segments only (no `//`, no backslash), so it can never be read as another host.
 */
export const SERVER_PATH = /^(\/[A-Za-z0-9._~-]+)+$/;

/** Limits of the CDN calls (Storyblok's own). */
export const CDN_LIMITS = { storiesPerPage: 100, linksPerPage: 1000, defaultPerPage: 25 } as const;

/** SPEC §1: every component type a page may use. */
export const COMPONENT_NAMES = [
  'ArticleBlock',
  'ArticleContent',
  'ArticleContentWithImage',
  'Banner',
  'BannerGrid',
  'BasicContent',
  'BlogPost',
  'BlogPostList',
  'ButtonComponent',
  'Card',
  'CardGrid',
  'CardImageLink',
  'CarouselGeneric',
  'CarouselProductCategories',
  'CarouselProducts',
  'CarouselProductsWithFilter',
  'ContentGrid',
  'Employee',
  'EmployeesGrid',
  'FeatureCard',
  'FeatureGrid',
  'FormWrapper',
  'Hero',
  'HeroContent',
  'ImageContent',
  'ImageWithTextAndButton',
  'LinkContent',
  'Page',
  'ProductCategory',
  'ProductCategoryList',
  'Section',
  'TextContent',
  'TextImageBlock',
  'VideoContent',
  'Icon',
] as const;
export type ComponentName = (typeof COMPONENT_NAMES)[number];

/** Content types a story's root `content` may have. */
export const ROOT_COMPONENTS = ['Page', 'BlogPost', 'ProductCategory'] as const;

/** Icon names (Lucide's names, e.g. `lucide:truck` in an icon service, or the same icon bundled). */
export const ICON_NAMES = [
  'apple',
  'arrow-right',
  'award',
  'axe',
  'beef',
  'building',
  'calendar-days',
  'check',
  'chef-hat',
  'clipboard-list',
  'clock',
  'croissant',
  'download',
  'file-text',
  'fish',
  'handshake',
  'hard-hat',
  'heart',
  'info',
  'leaf',
  'mail',
  'map-pin',
  'message-circle',
  'milk',
  'package',
  'percent',
  'phone',
  'receipt',
  'recycle',
  'scan-barcode',
  'search',
  'shield-check',
  'shopping-cart',
  'smartphone',
  'snowflake',
  'sparkles',
  'sprout',
  'star',
  'tag',
  'thermometer',
  'trees',
  'truck',
  'users',
  'wheat',
  'wine',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

// ── Paths ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** The app path of a story: `home` → `/`, a folder's start page `blogg/` → `/blogg`, `blogg/x` → `/blogg/x`. */
export function storyPath(fullSlug: string): string {
  const trimmed = fullSlug.replace(/^\/+|\/+$/g, '');
  return trimmed === '' || trimmed === 'home' ? '/' : `/${trimmed}`;
}

/** The full slug to ask the CDN for, for an app path: `/` → `home`; `/blogg` finds the folder's start page too. */
export function storySlugForPath(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? 'home' : trimmed;
}

/** The page of a category, from its path of slugs (top level first): /sortiment/drycker/vin/rott-vin. */
export function categoryPath(slugs: readonly string[]): string {
  return `/${[PRODUCTS_FOLDER_SLUG, ...slugs].join('/')}`;
}

/** The page of a product. */
export function productPath(slug: string): string {
  return `/produkt/${encodeURIComponent(slug)}`;
}

/** Where a multilink leads in the app (an app path, an absolute URL or a mailto: link), or null when empty. */
export function linkHref(link: Multilink | undefined): string | null {
  if (!link) return null;
  const anchor = link.anchor ? `#${link.anchor}` : '';
  switch (link.linktype) {
    case 'story': {
      const slug = link.story?.full_slug ?? link.cached_url;
      return slug === undefined || slug === '' ? null : storyPath(slug) + anchor;
    }
    case 'email':
      return link.email ? `mailto:${link.email}` : null;
    default:
      return link.url ? link.url + anchor : link.cached_url ? link.cached_url + anchor : null;
  }
}
