import { useEffect } from 'react';
import type { CdnStory } from '../../../contract/content-cdn';
import type { Seo } from '../../../contract/content-fields';
import { applyColourMode, readColourMode, subscribeColourMode } from '../../lib/colour-mode';
import { documentTitle } from '../../lib/title';

function setMeta(attribute: 'name' | 'property', key: string, value: string | undefined): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!value) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = value;
}

const absolute = (url: string | undefined) => (url ? new URL(url, window.location.origin).href : undefined);

/** The story's title and meta tags (description, Open Graph) from its SEO field; put back when the page goes. */
export function useStoryMeta(story: CdnStory): void {
  const content = story.content as { seo?: Seo; title?: string; image?: { filename?: string } };
  const seo = content.seo;
  const title = seo?.title ?? (content.title ? documentTitle(content.title) : documentTitle(story.name));
  const description = seo?.description;
  const ogImage = seo?.og_image || content.image?.filename;
  const type = story.content.component === 'BlogPost' ? 'article' : 'website';

  useEffect(() => {
    const defaultDescription = document.head
      .querySelector<HTMLMetaElement>('meta[name="description"]')
      ?.getAttribute('content');
    // The layout names the page from its path in its own effect, which runs after this one: set ours after it.
    const timer = window.setTimeout(() => {
      document.title = title;
    }, 0);
    setMeta('name', 'description', description ?? defaultDescription ?? undefined);
    setMeta('property', 'og:title', seo?.og_title || title);
    setMeta('property', 'og:description', seo?.og_description || description);
    setMeta('property', 'og:image', absolute(ogImage));
    setMeta('property', 'og:type', type);
    setMeta('property', 'og:url', window.location.href.split('#')[0]);
    return () => {
      window.clearTimeout(timer);
      if (defaultDescription) setMeta('name', 'description', defaultDescription);
      for (const key of ['og:title', 'og:description', 'og:image', 'og:type', 'og:url']) setMeta('property', key, '');
    };
  }, [title, description, seo?.og_title, seo?.og_description, ogImage, type]);
}

/** SPEC §1: a page may force light or dark mode while it is shown; the visitor's choice returns afterwards. */
export function useForcedColourMode(mode: '' | 'light' | 'dark' | undefined): void {
  useEffect(() => {
    if (mode !== 'light' && mode !== 'dark') return;
    const force = () => document.documentElement.classList.toggle('dark', mode === 'dark');
    force();
    const unsubscribe = subscribeColourMode(force);
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    query.addEventListener('change', force);
    return () => {
      unsubscribe();
      query.removeEventListener('change', force);
      applyColourMode(readColourMode());
    };
  }, [mode]);
}
