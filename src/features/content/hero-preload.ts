import type { HeroBlok } from '../../../contract/content-bloks';
import type { CdnStory } from '../../../contract/content-cdn';
import { BOX, imageBox, srcSet } from './components/media';

let preloaded: HTMLLinkElement | undefined;

/**
 * The page's first hero image is its largest element (LCP): the loader asks for it as soon as the story is here, with
 * the same `srcset`/`sizes` as the hero's `<img>` (components/hero.tsx, media.tsx), so the browser does not wait for
 * the renderers' code and React's render to find it. One link at a time; the next content page replaces it.
 */
export function preloadHeroImage(story: CdnStory): void {
  if (typeof document === 'undefined') return;
  preloaded?.remove();
  preloaded = undefined;
  const content = story.content as { component: string; body?: unknown };
  if (content.component !== 'Page' || !Array.isArray(content.body)) return;
  const hero = (content.body as { component?: unknown }[]).find((blok) => blok?.component === 'Hero') as
    Partial<HeroBlok> | undefined;
  const asset = hero?.image;
  if (!asset || typeof asset.filename !== 'string' || !asset.filename) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = asset.filename;
  const set = srcSet(asset.filename, imageBox(asset, BOX.hero));
  if (set) {
    link.setAttribute('imagesrcset', set);
    link.setAttribute('imagesizes', '100vw');
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
  preloaded = link;
}
