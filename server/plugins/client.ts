import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { heroPreload } from '../../contract/rules/content-images';
import { DEFAULT_REDIRECT_RULES, findRedirect, type RedirectRule } from '../../contract/rules/redirects';
import { errorText } from '../lib/i18n';

/** Server paths, never client routes: the API, its docs, the health check and the product data sheets. */
const API_PREFIXES = ['/v1/', '/api/', '/health', '/datablad/'];

const isSourceMap = (path: string) => /\.map$/i.test(path);

/**
 * index.html with the redirect rules in it, for the client router to apply to in-app navigations (decision 0066):
 * no call of its own before the first screen. `<` is escaped so that no rule can close the script element.
 */
export function withRedirectRules(html: string, rules: readonly RedirectRule[]): string {
  const json = JSON.stringify(rules).replace(/</g, '\\u003c');
  const script = `<script id="redirect-rules" type="application/json">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${script}</head>`) : `${script}${html}`;
}

/** The id of the start page's story in its index.html (src/app/routes/start-story.ts reads it). */
export const START_STORY_ID = 'start-story';

/** A value for a double-quoted HTML attribute: an editor's URL never closes it. */
const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What `/` adds to index.html: the start page's story and its code's preloads. */
export interface StartPageExtras {
  story?: unknown;
  /** The start page's own chunks (`start-page.json`, written by the build: vite.config.ts). */
  modulepreload?: readonly string[];
}

/**
 * index.html for `/` with the start page's story, its hero image and its code announced in it (issue #17). The page's
 * largest element, its hero, otherwise waited for the entry to run before the page's code was asked for, and then for
 * three more round trips (the content config, the content client's code, the story), each a few hundred milliseconds
 * on a phone's network. The app takes the story from here instead; the service worker's copy of index.html has
 * neither, and an offline or later start fetches both as before. The hero's image is asked for beside the entry too,
 * rather than once the loader has run (decision 0084).
 */
export function withStartPage(html: string, { story, modulepreload = [] }: StartPageExtras): string {
  const links = modulepreload
    .filter((href) => /^\/[\w./-]+\.js$/.test(href))
    .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  const script =
    story === undefined || story === null
      ? []
      : [
          `<script id="${START_STORY_ID}" type="application/json">${JSON.stringify(story).replace(/</g, '\\u003c')}</script>`,
        ];
  const hero = story === undefined || story === null ? null : heroPreload((story as { content?: unknown }).content);
  const heroLink = hero
    ? [
        `<link rel="preload" as="image" fetchpriority="high" href="${attribute(hero.href)}"` +
          (hero.imagesrcset
            ? ` imagesrcset="${attribute(hero.imagesrcset)}" imagesizes="${attribute(hero.imagesizes ?? '100vw')}"`
            : '') +
          '>',
      ]
    : [];
  const extra = [...heroLink, ...links, ...script].join('');
  return html.includes('</head>') ? html.replace('</head>', `${extra}</head>`) : `${extra}${html}`;
}

/**
 * The page compressed as a phone's browser accepts it (the assets are compressed at build time; the page is written
 * here, and at `/` it carries the start page's story, ≈ 11 KB that compress to ≈ 2). The last few pages are kept: the
 * page is the same until the start page's story changes.
 */
function compressedPages(): (html: string, encoding: 'br' | 'gzip') => Buffer {
  const cache = new Map<string, Buffer>();
  return (html, encoding) => {
    const key = `${encoding}:${html}`;
    let body = cache.get(key);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(html, { level: 9 });
      if (cache.size >= 8) cache.delete(cache.keys().next().value!);
      cache.set(key, body);
    }
    return body;
  };
}

/** The build's list of the start page's chunks, or none (a build without it, an unreadable file). */
function readStartPagePreloads(root: string): string[] {
  try {
    const parsed = JSON.parse(readFileSync(resolve(root, 'start-page.json'), 'utf8')) as { modulepreload?: unknown };
    return Array.isArray(parsed.modulepreload) ? parsed.modulepreload.filter((x) => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Serves the built PWA from the same origin as the API. Hashed assets are cached for a year; index.html and the
 * service worker are always revalidated. Any other GET that is not an API path gets index.html (client routing).
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string | null,
  redirectRules: readonly RedirectRule[] = DEFAULT_REDIRECT_RULES,
  /** The start page's story as the content service answers it, when this server holds the stories. */
  startStory?: () => Promise<unknown>,
) {
  const root = clientDir ? resolve(clientDir) : null;
  const hasClient = root !== null && existsSync(resolve(root, 'index.html'));
  if (root && !hasClient) app.log.warn(`No built client in ${root}; run "npm run build". Only the API is served.`);
  if (!hasClient) {
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ code: 'NotFound', message: errorText('NotFound') }),
    );
    return;
  }
  const indexHtml = withRedirectRules(readFileSync(resolve(root, 'index.html'), 'utf8'), redirectRules);
  const modulepreload = readStartPagePreloads(root);
  const compressed = compressedPages();
  const sendIndex = (reply: FastifyReply, html = indexHtml) => {
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
    const accepted = String(reply.request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (!encoding) return reply.send(html);
    return reply.header('Content-Encoding', encoding).send(compressed(html, encoding));
  };
  /**
   * `/` with its story and code; a failure to read the story only costs the head start (the app fetches it). The page
   * is written again only when the reader gives another story (it keeps one until the content changes).
   */
  let startPage: { story: unknown; html: string } | null = null;
  const sendStartPage = async (reply: FastifyReply) => {
    const story = await startStory?.().catch((error: unknown) => {
      reply.log.warn({ err: error }, 'start page story not embedded');
      return null;
    });
    if (!startPage || startPage.story !== story)
      startPage = { story, html: withStartPage(indexHtml, { story, modulepreload }) };
    return sendIndex(reply, startPage.html);
  };
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // index.html is answered below, with the redirect rules in it; the service worker precaches /index.html too.
    globIgnore: ['index.html'],
    // assets/*.js and *.css have .br and .gz copies from the build (vite.config.ts): sent to browsers that accept them.
    preCompressed: true,
    // Our own Cache-Control below; @fastify/send would otherwise overwrite it with `public, max-age=0`.
    cacheControl: false,
    // Source maps are never served, even when a build left them in the folder: they would publish the whole client
    // source (decision 0051). Refused here they fall through to the JSON 404 below.
    allowedPath: (path) => !isSourceMap(path),
    setHeaders(res, path) {
      const immutable = path.includes(`${resolve(root, 'assets')}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The same URL answers brotli, gzip or plain by Accept-Encoding: caches on the way must keep them apart.
      if (immutable) res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  app.get('/index.html', (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || API_PREFIXES.some((p) => path.startsWith(p))) {
      return reply.status(404).send({ code: 'NotFound', message: errorText('NotFound') });
    }
    if (/\.[a-z0-9]+$/i.test(path)) return reply.status(404).send({ code: 'NotFound', message: errorText('NotFound') });
    // SPEC §2 path-based rules: a first load of a redirected path is answered before the app loads (decision 0066).
    const search = request.url.slice(path.length);
    const target = findRedirect(redirectRules, path, search);
    if (target) return reply.redirect(target.to, target.status);
    return path === '/' ? sendStartPage(reply) : sendIndex(reply);
  });
}
