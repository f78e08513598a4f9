import StoryblokClient from 'storyblok-js-client';
import { type CdnLink } from '../../../contract/content-cdn';
import { CDN_LIMITS, CONTENT_CLIENT } from '../../../contract/content-constants';
import type { ContentPage, ContentSource } from './types';

export type StoryblokOptions = {
  /** The space's region API, e.g. https://api.storyblok.com/v2 (the client appends /cdn/…). */
  endpoint: string;
  accessToken: string;
  version: 'published' | 'draft';
  /** How long the list of pages is kept (ms). */
  cacheMs?: number;
};

/**
 * A Storyblok space. The browser reads it directly; the server only lists its pages for the sitemap, with the same
 * client the browser uses (cdn/links, every page of it).
 */
export class StoryblokContent implements ContentSource {
  readonly engine = 'storyblok' as const;
  private readonly client: StoryblokClient;
  private cached: { at: number; pages: Promise<ContentPage[]> } | null = null;

  constructor(private readonly options: StoryblokOptions) {
    this.client = new StoryblokClient({
      accessToken: options.accessToken,
      endpoint: options.endpoint,
      version: options.version,
      rateLimit: CONTENT_CLIENT.rateLimit,
      maxRetries: CONTENT_CLIENT.maxRetries,
      retriesDelay: CONTENT_CLIENT.retriesDelayMs,
      // Seconds. The server does not wait for ever on a sitemap.
      timeout: 15,
    });
  }

  pages(): Promise<ContentPage[]> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < (this.options.cacheMs ?? 300_000)) return this.cached.pages;
    const pages = this.fetchPages();
    this.cached = { at: now, pages };
    pages.catch(() => {
      if (this.cached?.pages === pages) this.cached = null;
    });
    return pages;
  }

  private async fetchPages(): Promise<ContentPage[]> {
    const links = (await this.client.getAll(
      'cdn/links',
      { per_page: CDN_LIMITS.linksPerPage, include_dates: 1, paginated: 1 } as Record<string, unknown>,
      'links',
    )) as CdnLink[];
    return links
      .filter((l) => !l.is_folder && (l.published || this.options.version === 'draft'))
      .map((l) => ({ fullSlug: l.slug, lastModified: l.published_at ?? l.updated_at ?? null }));
  }

  async close(): Promise<void> {}
}
