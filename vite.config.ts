import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type PluginOption, type Rollup } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { productDrawings } from './server/db/seed/drawings/vite-plugin';

/**
 * The API base URL is configured by default (same origin). src/lib/config.ts refuses to start
 * when it is missing or empty, so a build with VITE_API_BASE_URL='' fails loudly in the browser.
 */
process.env.VITE_API_BASE_URL ??= '/';

const apiTarget = process.env.VITE_DEV_API_TARGET ?? `http://localhost:${process.env.PORT ?? '8080'}`;

/**
 * SPEC §4 "App update": every build has an id, compiled into the app and written to /build.json. The app polls the
 * file; another id means a new version is deployed. SKAFFERI_BUILD_ID pins it (e.g. the commit) for a reproducible
 * build; by default it is the build time plus a random part, so two builds never share an id.
 */
const buildId =
  process.env.SKAFFERI_BUILD_ID ??
  `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`;

function buildFile(): Plugin {
  return {
    name: 'skafferi-build-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: `${JSON.stringify({ id: buildId, builtAt: new Date().toISOString() })}\n`,
      });
    },
  };
}

/**
 * Brotli and gzip copies of the hashed JS and CSS (assets/), which the server sends to browsers that accept them
 * (@fastify/static `preCompressed`): a phone on a slow network fetches about a third of the bytes. Only assets/, whose
 * files never change after they are written (sw.js is written later, by the PWA plugin, and stays uncompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist/client';
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'skafferi-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle() {
      const dir = join(outDir, 'assets');
      const files = (await readdir(dir)).filter((f) => /\.(js|css)$/.test(f));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(join(dir, file));
          if (source.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 10 } }),
            gz(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(join(dir, `${file}.br`), br), writeFile(join(dir, `${file}.gz`), gzipped)]);
        }),
      );
    },
  };
}

/** Primary blue (Tailwind blue-700, the app's primary buttons) and the page background (gray-50, cool grey). */
const THEME_COLOUR = '#1d4ed8';
const BACKGROUND_COLOUR = '#f8fafc';

const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Skafferi',
  short_name: 'Skafferi',
  description:
    'Beställ varor till ditt företag, håll koll på inköpslistor och inventera lagret – även i kylrummet utan täckning.',
  lang: 'sv',
  dir: 'ltr',
  start_url: '/profil',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOUR,
  background_color: BACKGROUND_COLOUR,
  categories: ['business', 'food', 'shopping', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
  screenshots: [
    {
      src: '/screenshots/narrow.png',
      sizes: '390x844',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Mina sidor i Skafferi på en mobil',
    },
    {
      src: '/screenshots/wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Mina sidor i Skafferi på en dator',
    },
  ],
};

type Bundle = Rollup.OutputBundle;
type Chunk = Rollup.OutputChunk;

/**
 * The files a first load of `modules` fetches beyond the entry's own closure: each module's chunk and every chunk it
 * imports statically, minus what index.html's entry already brings. Throws when a module has no chunk of its own (a
 * renamed file would otherwise silently drop its preload).
 */
function chunksBeyondEntry(bundle: Bundle, modules: string[]): string[] {
  const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output as Chunk] : []));
  const withImports = (fileNames: string[], into = new Set<string>()): Set<string> => {
    for (const fileName of fileNames) {
      const chunk = bundle[fileName];
      if (into.has(fileName) || chunk?.type !== 'chunk') continue;
      into.add(fileName);
      withImports(chunk.imports, into);
    }
    return into;
  };
  const inEntry = withImports(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const wanted = chunks.filter((chunk) => modules.some((module) => chunk.facadeModuleId?.endsWith(module)));
  if (wanted.length !== modules.length) throw new Error(`modulepreload: not every chunk of ${modules.join(', ')}`);
  return [...withImports(wanted.map((chunk) => chunk.fileName))].filter((fileName) => !inEntry.has(fileName));
}

/**
 * What a first load should fetch beside the entry instead of after it has run (`<link rel="modulepreload">`), in two
 * places from one walk of the bundle:
 * - `firstRender`, in index.html itself: the chunks the first render waits for, i.e. a first visit's cookie banner
 *   (main.tsx draws the page once its code is here). Without the link a phone asks for it only once the entry has run,
 *   one more round trip before anything but the boot splash shows (docs/decisions/0045). A returning visitor fetches it
 *   too (2 KB gzip; the service worker holds it after the first visit).
 * - `startPage`, written to `start-page.json` for the server, which announces it at `/` only (server/plugins/client.ts,
 *   issue #17): the start page's loader, page, content renderers and texts, one round trip and a download less before
 *   the start page's hero. Other paths do not pay for it.
 */
function preloads({ firstRender, startPage }: { firstRender: string[]; startPage: string[] }): Plugin {
  let base = '/';
  return {
    name: 'skafferi-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const modulepreload = chunksBeyondEntry(bundle, startPage).map((fileName) => `${base}${fileName}`);
      this.emitFile({ type: 'asset', fileName: 'start-page.json', source: `${JSON.stringify({ modulepreload })}\n` });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        return chunksBeyondEntry(bundle, firstRender).map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

const plugins: PluginOption[] = [
  react(),
  tailwindcss(),
  buildFile(),
  productDrawings(),
  precompress(),
  preloads({
    firstRender: ['src/features/cookie-consent/CookieConsent.tsx'],
    startPage: ['src/app/routes/home-loader.ts', 'src/app/routes/HomePage.tsx', 'locales/sv/content.json'],
  }),
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    // src/app/pwa registers the worker itself (virtual:pwa-register), after the app has started.
    injectRegister: false,
    manifest,
    manifestFilename: 'manifest.webmanifest',
    // The icons are in the precache through globPatterns below (listing them twice would be an error).
    includeManifestIcons: false,
    injectManifest: {
      // The app shell: JS (with the Swedish texts), CSS, index.html, the colour-mode script and the icons. Not the
      // screenshots, product images (cached when seen), build.json (always from the network) or source maps.
      globPatterns: ['**/*.{js,css,html}', 'icons/*.{png,svg}'],
      globIgnores: ['**/node_modules/**', 'sw.js', 'build.json', 'screenshots/**', 'images/**'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // No sw.js.map either, whatever build.sourcemap says (the worker's own build would otherwise follow it).
      sourcemap: false,
    },
    // `SKAFFERI_PWA_DEV=1 npm run dev` runs the worker under the dev server too (module worker, no precache).
    devOptions: {
      enabled: process.env.SKAFFERI_PWA_DEV === '1',
      type: 'module',
      navigateFallback: 'index.html',
    },
  }),
];

const serverPaths = Object.fromEntries(
  ['/v1', '/health', '/api', '/datablad', '/sitemap.xml'].map((path) => [path, apiTarget]),
);

/**
 * React Router's package points every import at its development build (dev warnings included); a production build of
 * the app takes its production build, the same code without them.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * The search client's axios (in `typesense`) is a small fetch-based stand-in in the browser (docs/decisions/0046): about
 * 20 KB gzip less on the search page. Exact, so only `axios` itself. In the dev server too, so that development runs the
 * transport users get; the server is not built by Vite and keeps the real axios.
 */
const axiosOverFetch = {
  find: /^axios$/,
  replacement: fileURLToPath(new URL('./src/api/search/axios-fetch.ts', import.meta.url)),
};

export default defineConfig(({ command }) => ({
  plugins,
  define: {
    __SKAFFERI_BUILD_ID__: JSON.stringify(buildId),
  },
  resolve: {
    alias: [
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : []),
      axiosOverFetch,
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // No source maps in the build the server serves: they would publish the whole client source (decision 0051). For
    // a bundle analysis, `npx vite build --sourcemap` makes them; the server refuses to serve any .map file.
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The app shell — everything index.html's entry imports statically, so every page loads it anyway — is one
            // file instead of about twenty small ones: fewer requests on the critical path of a phone on a slow network,
            // and one gzip stream. Route chunks and the deferred parts (offline engine, service worker, header widgets,
            // React Aria's overlays) stay separate and load when needed (docs/decisions/0021-first-load-budget.md).
            { name: 'shell', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  // Everything the API server answers besides the app: the API, its docs, health, data sheets and the sitemap.
  server: { proxy: serverPaths },
  preview: { proxy: serverPaths },
}));
