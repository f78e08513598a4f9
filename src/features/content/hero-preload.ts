import { heroPreload } from '../../../contract/rules/content-images';
import type { CdnStory } from '../../../contract/content-cdn';

let preloaded: HTMLLinkElement | undefined;

/**
 * The page's first hero image is its largest element (LCP): the loader asks for it as soon as the story is here, with
 * the same `srcset`/`sizes` as the hero's `<img>` (contract/rules/content-images.ts), so the browser does not wait for
 * the renderers' code and React's render to find it. One link at a time; the next content page replaces it. At `/` the
 * server has announced it in index.html already (decision 0084); the browser fetches a preloaded URL once.
 */
export function preloadHeroImage(story: CdnStory): void {
  if (typeof document === 'undefined') return;
  preloaded?.remove();
  preloaded = undefined;
  const hero = heroPreload(story.content);
  if (!hero) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = hero.href;
  if (hero.imagesrcset) {
    link.setAttribute('imagesrcset', hero.imagesrcset);
    link.setAttribute('imagesizes', hero.imagesizes ?? '100vw');
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
  preloaded = link;
}
