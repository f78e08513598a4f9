import { useEffect } from 'react';
import { documentTitle } from '../../lib/title';

function metaDescription(): HTMLMetaElement {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/**
 * A page's own title and meta description (from its data). The layout sets the route's title in an effect that runs
 * after the page's, so this one is applied right after it; the description goes back to the site's on leaving.
 */
export function useDocumentMeta(title: string, description?: string): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      document.title = documentTitle(title);
    }, 0);
    return () => clearTimeout(timer);
  }, [title]);

  useEffect(() => {
    if (!description) return;
    const meta = metaDescription();
    const before = meta.content;
    meta.content = description;
    return () => {
      meta.content = before;
    };
  }, [description]);
}
