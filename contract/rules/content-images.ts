import type { Asset } from '../content-fields';

/** Storyblok's asset URLs carry the image's size: https://a.storyblok.com/f/{space}/{width}x{height}/{hash}/{name}. */
const STORYBLOK_SIZE = /\/f\/\d+\/(\d+)x(\d+)\//;
const STORYBLOK_RASTER = /^https:\/\/a\.storyblok\.com\/.+\.(jpe?g|png|webp|avif)$/i;
const WIDTHS = [480, 800, 1200, 1600, 2000];

export interface ImageBox {
  /** The box the image fills (its intrinsic size when known, else the shape the layout gives it). */
  width: number;
  height: number;
}

export const BOX = {
  hero: { width: 1600, height: 900 },
  wide: { width: 1600, height: 900 },
  landscape: { width: 1200, height: 800 },
  fourThree: { width: 1200, height: 900 },
  square: { width: 800, height: 800 },
  portrait: { width: 600, height: 750 },
} as const satisfies Record<string, ImageBox>;

/** The intrinsic size of an asset when its URL tells it, else the layout's box (SVGs fill any box, see 0015). */
export function imageBox(asset: Pick<Asset, 'filename'>, fallback: ImageBox): ImageBox {
  const match = STORYBLOK_SIZE.exec(asset.filename);
  if (match) return { width: Number(match[1]), height: Number(match[2]) };
  return fallback;
}

/** A Storyblok raster image in several widths through its image service; other images as they are. */
export function srcSet(filename: string, box: ImageBox): string | undefined {
  if (!STORYBLOK_RASTER.test(filename)) return undefined;
  return WIDTHS.filter((w) => w <= box.width)
    .map((w) => `${filename}/m/${w}x0 ${w}w`)
    .join(', ');
}

/** What a `<link rel="preload" as="image">` for a page's hero says: the same URL and widths as the hero's `<img>`. */
export interface HeroPreload {
  href: string;
  imagesrcset?: string;
  imagesizes?: string;
}

/**
 * The image of a content page's first hero, its largest element (LCP), as the phone's loader (features/content/
 * hero-preload.ts) and the server's start page (server/plugins/client.ts) both announce it: the same URL, `srcset` and
 * `sizes` as the hero's `<img>` (features/content/components/hero.tsx), so that the preloaded file is the one drawn.
 * Null for a story without a hero or a hero without an image. The story is read field by field (no schema: it is the
 * CDN's answer, and both callers only want a head start).
 */
export function heroPreload(content: unknown): HeroPreload | null {
  const page = content as { component?: unknown; body?: unknown } | null;
  if (!page || page.component !== 'Page' || !Array.isArray(page.body)) return null;
  const hero = (page.body as { component?: unknown; image?: unknown }[]).find((blok) => blok?.component === 'Hero');
  const asset = hero?.image as Partial<Asset> | undefined;
  if (!asset || typeof asset.filename !== 'string' || !asset.filename) return null;
  const set = srcSet(asset.filename, imageBox({ filename: asset.filename }, BOX.hero));
  return set ? { href: asset.filename, imagesrcset: set, imagesizes: '100vw' } : { href: asset.filename };
}
