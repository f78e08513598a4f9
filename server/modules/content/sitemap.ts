import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { z } from 'zod';
import { productPath } from '../../../contract/content-constants';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { ContentSource } from '../../adapters/content';
import { notFound } from '../../lib/errors';
import { productCount, productUrls, sitemapPages, type SitemapUrl } from './service';
import { access } from '../../plugins/access';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
/** W3C datetime, to the second. */
const w3c = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

function urlEntry(base: string, path: string, lastmod: Date | null): string {
  const loc = `<loc>${escapeXml(base + path)}</loc>`;
  return `<url>${loc}${lastmod ? `<lastmod>${w3c(lastmod)}</lastmod>` : ''}</url>\n`;
}

type Deps = { db: DbOrTx; config: Config; source: ContentSource };

/**
 * GET /sitemap.xml: the start page, every published story, every category page and every product page, each with
 * its lastmod. Up to SITEMAP_MAX_URLS URLs it is one urlset; beyond that it is a sitemap index of /sitemap-{n}.xml
 * files of at most SITEMAP_MAX_URLS URLs each (pages and categories first, then products by id). Product URLs stream
 * from the database in batches; the answer is gzipped when the client accepts it.
 */
export function sitemapRoutes({ db, config, source }: Deps) {
  // Sitemap URLs must be absolute: the public address (PUBLIC_URL), as in mails, never the request's Host — a cached
  // (public, an hour) sitemap must not carry whatever address one visitor used (decision 0051).
  const base = config.publicUrl;
  const max = config.content.sitemapMaxUrls;
  const folder = config.content.productsFolderSlug;

  /** URLs number `start` up to (not including) `end` of the whole list: pages, then products. */
  async function* urlset(pages: SitemapUrl[], start: number, end: number) {
    yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
    for (const page of pages.slice(start, Math.min(end, pages.length))) yield urlEntry(base, page.path, page.lastmod);
    const from = Math.max(start, pages.length);
    if (end > from) {
      for await (const rows of productUrls(db, from - pages.length, end - from)) {
        yield rows.map((p) => urlEntry(base, productPath(p.slug), p.updatedAt)).join('');
      }
    }
    yield '</urlset>\n';
  }

  function send(req: FastifyRequest, reply: FastifyReply, body: AsyncIterable<string>) {
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'accept-encoding');
    const stream = Readable.from(body);
    const accepts = String(req.headers['accept-encoding'] ?? '');
    if (/\bgzip\b/.test(accepts)) {
      reply.header('content-encoding', 'gzip');
      return reply.send(stream.pipe(createGzip()));
    }
    return reply.send(stream);
  }

  const whole = () => Promise.all([sitemapPages(db, source, folder), productCount(db)]);

  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get('/sitemap.xml', {
      config: { access: access.public },
      schema: { tags: ['content'], summary: 'The sitemap (or, past SITEMAP_MAX_URLS URLs, the sitemap index)' },
      handler: async (req, reply) => {
        const [pages, products] = await whole();
        const total = pages.length + products;
        if (total <= max) return send(req, reply, urlset(pages, 0, total));
        async function* index() {
          yield `${XML_HEAD}<sitemapindex xmlns="${NS}">\n`;
          for (let n = 1; n <= Math.ceil(total / max); n++) {
            yield `<sitemap><loc>${escapeXml(`${base}/sitemap-${n}.xml`)}</loc></sitemap>\n`;
          }
          yield '</sitemapindex>\n';
        }
        return send(req, reply, index());
      },
    });

    app.get('/sitemap-:n.xml', {
      config: { access: access.public },
      schema: {
        tags: ['content'],
        summary: 'One file of the sitemap index (SITEMAP_MAX_URLS URLs: pages and categories first, then products)',
        params: z.object({ n: z.coerce.number().int().min(1).max(100_000) }),
      },
      handler: async (req, reply) => {
        const [pages, products] = await whole();
        const total = pages.length + products;
        const start = (req.params.n - 1) * max;
        if (total <= max || start >= total) throw notFound();
        return send(req, reply, urlset(pages, start, Math.min(start + max, total)));
      },
    });
  };
}
