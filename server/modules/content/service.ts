import { asc, count, gt, max, sql } from 'drizzle-orm';
import { type ContentConfigResponse } from '../../../contract/content-cdn';
import { CONTENT_CLIENT, storyPath } from '../../../contract/content-constants';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { categories, productCategories, products } from '../../db/schema';
import type { ContentSource } from '../../adapters/content';

/** Where the embedded CDN subset lives: storyblok-js-client appends /cdn/stories … to this. */
export const EMBEDDED_CONTENT_PATH = '/v1/content';
/** The access token the browser sends to the embedded engine (any token is accepted there). */
export const EMBEDDED_ACCESS_TOKEN = 'skafferi-local';

/**
 * GET /v1/content/config: what the browser's content client needs, so it has no address built in. The embedded CDN is
 * named by its path only: the browser reaches it where it reaches the API, at whatever address the app was opened
 * (PUBLIC_URL, often localhost, is for links in mails; decision 0051).
 */
export function contentConfig(config: Pick<Config, 'content'>): ContentConfigResponse {
  const { content } = config;
  const storyblok = Boolean(content.storyblokToken);
  return {
    engine: storyblok ? 'storyblok' : 'embedded',
    endpoint: storyblok ? content.storyblokApiUrl : EMBEDDED_CONTENT_PATH,
    accessToken: content.storyblokToken ?? EMBEDDED_ACCESS_TOKEN,
    version: content.version,
    rateLimit: CONTENT_CLIENT.rateLimit,
    perPage: CONTENT_CLIENT.perPage,
    batchSize: CONTENT_CLIENT.batchSize,
    maxRetries: CONTENT_CLIENT.maxRetries,
    retriesDelay: CONTENT_CLIENT.retriesDelayMs,
    timeout: CONTENT_CLIENT.timeoutSeconds,
    productsFolderId: content.productsFolderId,
    productsFolderSlug: content.productsFolderSlug,
  };
}

// ── Sitemap ────────────────────────────────────────────────────────────────────────────────────────────────────

export type SitemapUrl = { path: string; lastmod: Date | null };

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/**
 * Pages and categories (the part of the sitemap that is small): the start page and every published story, then every
 * category page at /{products folder}/{top}/…/{category} with the newest change of its products. A category that
 * also has a story is listed once, with the later of the two dates.
 */
export async function sitemapPages(db: DbOrTx, source: ContentSource, folderSlug: string): Promise<SitemapUrl[]> {
  const [pages, rows, changed] = await Promise.all([
    source.pages(),
    db.select().from(categories).orderBy(asc(categories.sort), asc(categories.name)),
    db
      .select({ categoryId: productCategories.categoryId, at: max(products.updatedAt) })
      .from(productCategories)
      .innerJoin(products, sql`${products.id} = ${productCategories.productId}`)
      .groupBy(productCategories.categoryId),
  ]);
  const urls = new Map<string, SitemapUrl>();
  const add = (path: string, lastmod: Date | null) => {
    const known = urls.get(path);
    if (known) known.lastmod = later(known.lastmod, lastmod);
    else urls.set(path, { path, lastmod });
  };

  add('/', null);
  const sorted = [...pages].sort((a, b) => storyPath(a.fullSlug).localeCompare(storyPath(b.fullSlug), 'sv'));
  for (const page of sorted) add(storyPath(page.fullSlug), page.lastModified ? new Date(page.lastModified) : null);

  const byId = new Map(rows.map((r) => [r.id, r]));
  const changedAt = new Map(changed.map((c) => [c.categoryId, c.at ? new Date(c.at) : null]));
  const pathOf = (id: string): string[] => {
    const slugs: string[] = [];
    const seen = new Set<string>();
    for (let at = byId.get(id); at && !seen.has(at.id); at = at.parentId ? byId.get(at.parentId) : undefined) {
      seen.add(at.id);
      slugs.unshift(at.slug);
    }
    return slugs;
  };
  // Tree order: parents before their children, each level in the catalogue's order.
  const children = new Map<string | null, typeof rows>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const visit = (parentId: string | null) => {
    for (const row of children.get(parentId) ?? []) {
      add(`/${[folderSlug, ...pathOf(row.id)].join('/')}`, changedAt.get(row.id) ?? null);
      visit(row.id);
    }
  };
  visit(null);
  return [...urls.values()];
}

export async function productCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}

/**
 * Product pages (/produkt/{slug}) from the `offset`-th product on (by id), at most `limit`, read in batches by id so
 * that 100 000 products stream in constant memory.
 */
export async function* productUrls(db: DbOrTx, offset: number, limit: number, batch = 5000) {
  const [first] = await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).offset(offset).limit(1);
  if (!first) return;
  let after: string | null = null;
  let left = limit;
  while (left > 0) {
    const rows: { id: string; slug: string; updatedAt: Date }[] = await db
      .select({ id: products.id, slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(after === null ? sql`${products.id} >= ${first.id}` : gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(Math.min(batch, left));
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
