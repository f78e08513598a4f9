import type { BrowserContext, CDPSession, Page } from '@playwright/test';

/** Network conditions as Chromium's DevTools protocol takes them: no throttling, only offline or not. */
const conditions = (offline: boolean) => ({ offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

/**
 * Keeps a context's offline emulation true for every document its pages load. Chromium 150 (Debian's package from
 * November 2026) blocks the requests of an offline context after a reload, but the reloaded document's
 * `navigator.onLine` says true and no `offline` event follows; with Chromium 14x it said false, as a phone without
 * network does. So while the context is offline, each page's main frame is told again once it has navigated, through
 * a DevTools session of our own (which then answers for that page: `setOffline(false)` lifts ours too; closing it
 * would lift the page's offline state with it). The app hears `offline`, as on a phone.
 */
export function keepOfflineAcrossLoads(context: BrowserContext): BrowserContext {
  let offline = false;
  const sessions = new Map<Page, Promise<CDPSession>>();
  const sessionOf = (page: Page) => {
    let session = sessions.get(page);
    if (!session) sessions.set(page, (session = context.newCDPSession(page)));
    return session;
  };
  const tell = async (page: Page) => {
    if (page.isClosed() || (!offline && !sessions.has(page))) return;
    await (await sessionOf(page)).send('Network.emulateNetworkConditions', conditions(offline)).catch(() => undefined);
  };
  const watch = (page: Page) => {
    page.on('framenavigated', (frame) => {
      if (offline && frame === page.mainFrame()) void tell(page);
    });
    page.on('close', () => sessions.delete(page));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (value: boolean) => {
    offline = value;
    await setOffline(value);
    await Promise.all(context.pages().map(tell));
  };
  return context;
}
