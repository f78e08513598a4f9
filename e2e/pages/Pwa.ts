import { expect, type BrowserContext, type CDPSession, type Page } from '@playwright/test';

/**
 * The little of the browser that this file uses inside the page (e2e is typed for Node, without the DOM library).
 * Every `page.evaluate` body casts `globalThis` to it; the bodies run in the browser, not here.
 */
interface Registration {
  waiting: { scriptURL: string; postMessage(message: unknown): void } | null;
  sync?: { getTags(): Promise<string[]> };
}
interface Port {
  onmessage: ((event: { data: unknown }) => void) | null;
}
interface Request<T> {
  result: T;
  error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface Database {
  transaction(store: string): {
    objectStore(name: string): { count(): Request<number>; get(key: string): Request<unknown> };
  };
  close(): void;
}
interface BrowserScope {
  navigator: {
    serviceWorker: {
      controller: { state: string; scriptURL: string; postMessage(message: unknown, transfer: Port[]): void } | null;
      ready: Promise<Registration>;
      getRegistration(): Promise<Registration | undefined>;
      register(url: string): Promise<Registration>;
    };
    locks: {
      request(name: string, task: () => Promise<void>): Promise<void>;
      query(): Promise<{ held?: { name?: string }[]; pending?: { name?: string }[] }>;
    };
  };
  indexedDB: { open(name: string): Request<Database> };
  MessageChannel: new () => { port1: Port; port2: Port };
  Event: new (type: string, init?: { cancelable?: boolean }) => { defaultPrevented: boolean };
  dispatchEvent(event: object): boolean;
  document: { dispatchEvent(event: object): boolean };
  localStorage: { getItem(key: string): string | null };
  performance: { getEntriesByName(name: string): unknown[] };
  ServiceWorkerRegistration: { prototype: object };
  SyncManager?: unknown;
  __sameDocument?: boolean;
  __releaseDrain?: () => void;
  __installPrompts?: number;
}

/** What the service worker answers to `{ type: 'SKAFFERI_SYNC' }` (sw/protocol.ts). */
export interface SyncAnswer {
  type: 'SKAFFERI_SYNC_RESULT';
  ok: boolean;
  error?: string;
  result?: { drain: { sent: number; remaining: number; stopped: string | null; userId: string | null } };
}

/** The PWA as a test sees it: the service worker, the outbox, the update and install banners. */
export class Pwa {
  readonly updateBanner;
  readonly installBanner;
  readonly iosHint;

  constructor(private readonly page: Page) {
    this.updateBanner = page.getByRole('region', { name: 'En ny version av Skafferi finns' });
    this.installBanner = page.getByRole('region', { name: 'Installera Skafferi' });
    this.iosHint = page.getByRole('region', { name: 'Lägg till på hemskärmen' });
  }

  /** Makes the context a browser without Background Sync (Safari, Firefox): call before the first page loads. */
  static async withoutBackgroundSync(context: BrowserContext): Promise<void> {
    await context.addInitScript(() => {
      const g = globalThis as unknown as BrowserScope;
      delete g.SyncManager;
      Object.defineProperty(g.ServiceWorkerRegistration.prototype, 'sync', {
        get: () => undefined,
        configurable: true,
      });
    });
  }

  /** Waits until the service worker controls the page (the first visit is taken over by clients.claim()). */
  async waitForControl(): Promise<void> {
    await expect
      .poll(
        () =>
          this.page.evaluate(
            () => (globalThis as unknown as BrowserScope).navigator.serviceWorker.controller?.state ?? null,
          ),
        { timeout: 30_000 },
      )
      .toBe('activated');
  }

  controllerScript(): Promise<string | null> {
    return this.page.evaluate(
      () => (globalThis as unknown as BrowserScope).navigator.serviceWorker.controller?.scriptURL ?? null,
    );
  }

  /** Changes waiting in the offline engine's outbox (IndexedDB 'skafferi'), read without the app's code. */
  outboxCount(): Promise<number> {
    return this.page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = (globalThis as unknown as BrowserScope).indexedDB.open('skafferi');
          open.onerror = () => reject(new Error(String(open.error)));
          open.onsuccess = () => {
            const db = open.result;
            const count = db.transaction('outbox').objectStore('outbox').count();
            count.onsuccess = () => {
              resolve(count.result);
              db.close();
            };
            count.onerror = () => reject(new Error(String(count.error)));
          };
        }),
    );
  }

  /** Whether the device holds a snapshot of the user's server data (meta row 'queryCache'), read without the app. */
  hasQuerySnapshot(): Promise<boolean> {
    return this.page.evaluate(
      () =>
        new Promise<boolean>((resolve, reject) => {
          const open = (globalThis as unknown as BrowserScope).indexedDB.open('skafferi');
          open.onerror = () => reject(new Error(String(open.error)));
          open.onsuccess = () => {
            const db = open.result;
            const get = db.transaction('meta').objectStore('meta').get('queryCache');
            get.onsuccess = () => {
              resolve(get.result !== undefined);
              db.close();
            };
            get.onerror = () => reject(new Error(String(get.error)));
          };
        }),
    );
  }

  /** The Background Sync tags registered for the page's service worker. */
  syncTags(): Promise<string[]> {
    return this.page.evaluate(async () => {
      const registration = await (globalThis as unknown as BrowserScope).navigator.serviceWorker.ready;
      return registration.sync ? registration.sync.getTags() : [];
    });
  }

  /** Asks the service worker to drain (postMessage with a MessageChannel) and returns its answer. */
  syncThroughMessage(): Promise<SyncAnswer> {
    return this.page.evaluate(
      () =>
        new Promise<SyncAnswer>((resolve, reject) => {
          const g = globalThis as unknown as BrowserScope;
          const controller = g.navigator.serviceWorker.controller;
          if (!controller) return reject(new Error('no service worker controls the page'));
          const channel = new g.MessageChannel();
          channel.port1.onmessage = (event) => resolve(event.data as SyncAnswer);
          controller.postMessage({ type: 'SKAFFERI_SYNC' }, [channel.port2]);
        }),
    );
  }

  /** Leaves a mark on the current document: gone after a full page load. */
  async markDocument(): Promise<void> {
    await this.page.evaluate(() => {
      (globalThis as unknown as BrowserScope).__sameDocument = true;
    });
  }

  sameDocument(): Promise<boolean> {
    return this.page.evaluate(() => (globalThis as unknown as BrowserScope).__sameDocument === true);
  }

  /** How often the app has held back a due update so far (src/app/pwa/update.ts, `UPDATE_HELD_MARK`). */
  updatesHeld(): Promise<number> {
    return this.page.evaluate(
      () => (globalThis as unknown as BrowserScope).performance.getEntriesByName('skafferi:update-held').length,
    );
  }

  /** Until the app has held back a due update once more than `before` times: it decided, and did not reload. */
  async waitForUpdateHeld(before: number): Promise<void> {
    await expect.poll(() => this.updatesHeld()).toBeGreaterThan(before);
  }

  /** The tab became visible again (what the app polls the build file on). */
  /**
   * The tab becomes visible until the app offers the update: the app listens from when its PWA part has started, which
   * on a busy machine may be after the page already shows its heading (an event before that is nobody's to hear).
   */
  async tabBecameVisibleUntilUpdateOffered(): Promise<void> {
    await expect
      .poll(async () => {
        await this.tabBecameVisible();
        return this.updateBanner.isVisible();
      })
      .toBe(true);
  }

  async tabBecameVisible(): Promise<void> {
    await this.page.evaluate(() => {
      const g = globalThis as unknown as BrowserScope;
      g.document.dispatchEvent(new g.Event('visibilitychange'));
    });
  }

  /**
   * Puts the page on an older version of the service worker, so that the app finds a newer one waiting, as after a
   * deploy. Playwright cannot intercept the worker's script fetch (neither page/context routes nor the browser-level
   * Fetch domain see it), and a second build is slow. So the same worker is first registered under another script URL
   * (the server answers `/sw.js?e2e-older=…` with the same file; for the browser it is another version), made active,
   * and the page reloaded: the app then registers `/sw.js` as always, the browser sees a different version at that
   * URL, installs it beside the running one and leaves it waiting, and workbox-window reports it to the app exactly as
   * it reports a deploy. Applying it ends on the canonical `/sw.js`, so nothing else is found afterwards.
   */
  async runOlderVersion(label: string): Promise<void> {
    const older = `/sw.js?e2e-older=${label}`;
    await this.page.evaluate(async (url) => {
      await (globalThis as unknown as BrowserScope).navigator.serviceWorker.register(url);
    }, older);
    await expect
      .poll(() =>
        this.page.evaluate(async () => {
          const registration = await (globalThis as unknown as BrowserScope).navigator.serviceWorker.getRegistration();
          return registration?.waiting?.scriptURL ?? null;
        }),
      )
      .toContain(older);
    await this.page.evaluate(async () => {
      const registration = await (globalThis as unknown as BrowserScope).navigator.serviceWorker.getRegistration();
      registration?.waiting?.postMessage({ type: 'SKIP_WAITING' });
    });
    await expect.poll(() => this.controllerScript()).toContain(older);
    await this.page.reload();
  }

  /** The script URL of a worker waiting to take over, if one is. */
  waitingScript(): Promise<string | null> {
    return this.page.evaluate(async () => {
      const registration = await (globalThis as unknown as BrowserScope).navigator.serviceWorker.getRegistration();
      return registration?.waiting?.scriptURL ?? null;
    });
  }

  /** Holds the offline engine's drain lock, as a drain in another tab or the service worker would. */
  async holdDrainLock(): Promise<void> {
    await this.page.evaluate(
      () =>
        new Promise<void>((held) => {
          const g = globalThis as unknown as BrowserScope;
          void g.navigator.locks.request(
            'skafferi-drain',
            () =>
              new Promise<void>((release) => {
                g.__releaseDrain = release;
                held();
              }),
          );
        }),
    );
  }

  /** Releases the lock, and waits until no drain holds or wants it (the page's own may have queued behind it). */
  async releaseDrainLock(): Promise<void> {
    await this.page.evaluate(() => (globalThis as unknown as BrowserScope).__releaseDrain?.());
    await expect
      .poll(() =>
        this.page.evaluate(async () => {
          const { held = [], pending = [] } = await (globalThis as unknown as BrowserScope).navigator.locks.query();
          return [...held, ...pending].filter((lock) => lock.name === 'skafferi-drain').length;
        }),
      )
      .toBe(0);
  }

  /**
   * Chromium's beforeinstallprompt, as the browser sends it once the app is installable (never in incognito). True
   * when the app took it (it keeps the browser's own infobar away).
   */
  async offerInstall(): Promise<boolean> {
    return this.page.evaluate(() => {
      const g = globalThis as unknown as BrowserScope;
      const event = new g.Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: async () => {
          g.__installPrompts = (g.__installPrompts ?? 0) + 1;
        },
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
      });
      g.dispatchEvent(event);
      return event.defaultPrevented;
    });
  }

  /** How often the app opened the browser's install dialog. */
  installPrompts(): Promise<number> {
    return this.page.evaluate(() => (globalThis as unknown as BrowserScope).__installPrompts ?? 0);
  }

  /** When the app asked for persistent storage (once per device, after login), if it did. */
  persistenceRequestedAt(): Promise<string | null> {
    return this.page.evaluate(() =>
      (globalThis as unknown as BrowserScope).localStorage.getItem('skafferi.storagePersistRequested'),
    );
  }
}

/** The DevTools protocol's ServiceWorker domain on one page: registrations, versions, and sync events. */
export class ServiceWorkerDevTools {
  private readonly versions = new Map<string, { registrationId: string; status: string; scriptURL: string }>();

  private constructor(private readonly cdp: CDPSession) {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) this.versions.set(v.versionId, v);
    });
  }

  /** Any page of the context will do (also about:blank): the domain reports the whole profile's workers. */
  static async attach(context: BrowserContext, page: Page): Promise<ServiceWorkerDevTools> {
    const devtools = new ServiceWorkerDevTools(await context.newCDPSession(page));
    await devtools.cdp.send('ServiceWorker.enable');
    return devtools;
  }

  /** The registration whose active version runs the app's worker script of `origin`. */
  async activeRegistrationId(origin: string): Promise<string> {
    let id: string | undefined;
    await expect
      .poll(() => {
        id = [...this.versions.values()].find(
          (v) => v.status === 'activated' && v.scriptURL.startsWith(`${origin}/sw.js`),
        )?.registrationId;
        return id;
      })
      .toBeTruthy();
    return id!;
  }

  /** Fires a Background Sync event, as Chromium does when the network is back. */
  async dispatchSync(origin: string, tag: string): Promise<void> {
    const registrationId = await this.activeRegistrationId(origin);
    await this.cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag, lastChance: false });
  }
}
