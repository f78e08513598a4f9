/// <reference lib="webworker" />
// Skafferi's service worker: the precached app shell (the app starts with no network), runtime caches for images and
// content, and the outbox drain on Background Sync and on request. Built by vite-plugin-pwa (injectManifest).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { requestDrain, outcomeOf, shouldRetry } from './drain';
import {
  BACKGROUND_SYNC_TAG,
  isWorkerRequest,
  SKIP_WAITING_MESSAGE,
  SYNC_MESSAGE,
  SYNC_RESULT_MESSAGE,
  SYNCED_MESSAGE,
  type DrainTrigger,
  type SyncOutcome,
  type SyncResultMessage,
  type SyncedMessage,
} from '../src/offline/engine';
import { contentCacheKey, isAppNavigation, isContent, isImage } from './routes';

declare let self: ServiceWorkerGlobalScope;

const DAY_SECONDS = 24 * 60 * 60;

// --- App shell -------------------------------------------------------------------------------------------------------

// JS, CSS, index.html (the Swedish texts are bundled in the JS) and the icons; the list is injected at build time.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client routes get the precached index.html, online or not; the server's own paths (/v1, /api, /health, the sitemap,
// search and content, files) never do.
const appShell = createHandlerBoundToURL('/index.html');
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppNavigation(url, self.location.origin),
  appShell,
);

// --- Runtime caches -------------------------------------------------------------------------------------------------

registerRoute(
  ({ request, url }) => request.method === 'GET' && isImage(url, request.destination, self.location.origin),
  new CacheFirst({
    cacheName: 'skafferi-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ request, url }) => request.method === 'GET' && isContent(url, self.location.origin),
  new StaleWhileRevalidate({
    cacheName: 'skafferi-content',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * DAY_SECONDS, purgeOnQuotaError: true }),
      { cacheKeyWillBeUsed: async ({ request }) => contentCacheKey(new URL(request.url)) },
    ],
  }),
);

// Everything else, the API (/v1/*) first of all, is not handled: it goes to the network as if there were no worker.

// --- Lifecycle -------------------------------------------------------------------------------------------------------

// The first worker takes the open pages at once (so a first visit can already drain and start offline). A new version
// waits until the page says so (SKIP_WAITING): the app never swaps code under a user in the middle of a count.
clientsClaim();

// --- Outbox drain ----------------------------------------------------------------------------------------------------

async function announce(trigger: DrainTrigger, outcome: SyncOutcome): Promise<void> {
  const message: SyncedMessage = { type: SYNCED_MESSAGE, trigger, ...outcome };
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage(message);
}

// Chromium wakes the worker with this once the network is back (the page registers the tag while changes wait).
self.addEventListener('sync', (event) => {
  if (event.tag !== BACKGROUND_SYNC_TAG) return;
  event.waitUntil(
    (async () => {
      const outcome = await outcomeOf(requestDrain());
      await announce('backgroundSync', outcome);
      // A rejected promise makes the browser try the registration again later (with its own backoff).
      if (!outcome.ok) throw new Error(outcome.error);
      if (shouldRetry(outcome.result) && !event.lastChance) {
        throw new Error(
          `Skafferi: ${outcome.result.drain.remaining} ändringar väntar (${outcome.result.drain.stopped})`,
        );
      }
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (!isWorkerRequest(data)) return;
  if (data.type === SKIP_WAITING_MESSAGE) {
    event.waitUntil(self.skipWaiting());
    return;
  }
  if (data.type === SYNC_MESSAGE) {
    const port = event.ports[0];
    const source = event.source;
    event.waitUntil(
      (async () => {
        const outcome = await outcomeOf(requestDrain());
        const answer: SyncResultMessage = { type: SYNC_RESULT_MESSAGE, ...outcome };
        if (port) port.postMessage(answer);
        else source?.postMessage(answer);
        await announce('message', outcome);
      })(),
    );
  }
});
