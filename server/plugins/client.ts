import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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

/**
 * Serves the built PWA from the same origin as the API. Hashed assets are cached for a year; index.html and the
 * service worker are always revalidated. Any other GET that is not an API path gets index.html (client routing).
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string | null,
  redirectRules: readonly RedirectRule[] = DEFAULT_REDIRECT_RULES,
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
  const sendIndex = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
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
    return sendIndex(reply);
  });
}
