import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle, type DbOrTx } from './db/client';
import { isEmpty, seed } from './db/seed';
import { createMailer } from './adapters/mail';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerCleanInput } from './plugins/clean-input';
import { answerSerializer, registerAnswerSerializer } from './plugins/serialize';
import { errorForLog } from './lib/errors';
import { isStaff, registerAuthentication } from './plugins/authenticate';
import { registerAccess } from './plugins/access';
import { processWritesOf } from './lib/process-writes';
import { createBus, type Bus } from './lib/bus';
import { ReadCache } from './lib/read-cache';
import { forgetOnChange, readAnswers } from './lib/read-cache-answer';
import { versionsOf } from './lib/read-cache-versions';
import { createLimiter, databaseRateLimitStore, type Limiter } from './lib/limits';
import { registerOpenApi } from './plugins/openapi';
import { registerClient } from './plugins/client';
import { originOf, registerSecurityHeaders } from './plugins/security-headers';
import { createIdempotency } from './plugins/idempotency';
import { registerAnswerCompression } from './plugins/compress-answers';
import { registerNoStore } from './plugins/no-store';
import { SessionCache } from './plugins/session-cache';
import { createAuthService } from './modules/auth/service';
import { createPasswordGuard } from './modules/auth/password-guard';
import { authRoutes } from './modules/auth/routes';
import { createCompanyService } from './modules/companies/service';
import { companyRoutes } from './modules/companies/routes';
import { createCustomerService } from './modules/customers/service';
import { customerRoutes } from './modules/customers/routes';
import { customerManagementRoutes } from './modules/customers/manage-routes';
import { healthRoutes } from './modules/health/routes';
import { mailboxRoutes } from './modules/mailbox/routes';
import { createDevClock } from './modules/dev-clock/clock';
import { devClockRoutes } from './modules/dev-clock/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { priceRoutes } from './modules/prices/routes';
import { searchRoutes } from './modules/search/routes';
import { purchaseListRoutes } from './modules/purchase-lists/routes';
import { inventoryRoutes } from './modules/inventory/routes';
import { createLiveLists, LIVE_HEARTBEAT_MS, type LiveLists } from './modules/inventory/live';
import { createLiveShare } from './modules/inventory/live-share';
import { companyProductRoutes } from './modules/company-products/routes';
import { createContentSource, LocalContent } from './adapters/content';
import { contentRoutes } from './modules/content/routes';
import { startStoryReader } from './modules/content/start-story';
import { cartRoutes } from './modules/cart/routes';
import { calendarRoutes } from './modules/calendar/routes';
import { checkoutRoutes } from './modules/checkout/routes';
import { orderRoutes } from './modules/orders/routes';
import { popularRoutes } from './modules/popular/routes';
import { registerCaptcha } from './modules/captcha/routes';
import { thirdPartySources } from './modules/captcha/csp';
import { withSharedCaptchaKey } from './modules/captcha/key';
import { contactRoutes } from './modules/contact/routes';
import { newsletterRoutes } from './modules/newsletter/routes';
import { dataSheetRoutes } from './modules/datasheets/routes';
import { syncRoutes } from './modules/sync/routes';
import { collectSyncRoutes } from './modules/sync/route-table';

export type BuildOptions = {
  /** An open database to use instead of opening one from the config (tests). */
  database?: DatabaseHandle;
  /** The clock of the date rules (delivery deadlines, prices of the day, order dates); tests fix it. */
  now?: () => Date;
  /** Where the log goes instead of stdout (tests that read what was logged). */
  logStream?: { write(line: string): void };
  /** Told of every route as it is registered (tests that walk all routes). */
  onRoute?: (route: RouteOptions) => void;
};

/** Builds the whole server: API, OpenAPI docs and (when built) the PWA, on one Fastify instance. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // An error is logged without the values a database error carries (decision 0049).
      serializers: { err: errorForLog },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    frameworkErrors,
    // Fastify's own two lines per request only when debugging; otherwise the one summary line below.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  // DEV_CLOCK (tests): the date rules read a clock that PUT /v1/dev/clock moves, from the given one or real time.
  const devClock = config.devClock ? createDevClock(options.now) : undefined;
  const now = devClock?.now ?? options.now;
  app.setValidatorCompiler(validatorCompiler);
  registerAnswerSerializer(app, config.checkResponses);
  registerErrorHandling(app);
  registerCleanInput(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
      onLostConnection: (err) =>
        app.log.warn({ err }, 'a database connection was lost; the next query opens a new one'),
    }));
  if (!options.database) app.addHook('onClose', () => database.close());
  const { db } = database;
  // What this process keeps in memory is forgotten when any instance on the database changes it (decision 0047).
  const bus = createBus(database);
  await bus.start();
  app.addHook('onClose', () => bus.close());

  // Two instances started at once on an empty database: the first fills it, the second finds it filled.
  if (config.seedOnEmpty)
    await database.exclusively(async () => {
      if (!(await isEmpty(db))) return;
      const started = Date.now();
      const summary = await seed(db, { products: config.seedProducts });
      app.log.info({ summary, ms: Date.now() - started }, 'empty database filled with demo data');
    });

  // One summary line per API request at info level (no hook at all when info is off).
  if (['info', 'debug', 'trace'].includes(config.logLevel)) {
    app.addHook('onResponse', async (request, reply) => {
      if (!request.url.startsWith('/v1/')) return;
      request.log.info(
        {
          method: request.method,
          url: request.url.split('?')[0],
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
    });
  }

  const thirdParty = thirdPartySources(config);
  registerSecurityHeaders(app, {
    https: config.publicUrl.startsWith('https://'),
    connectSources: [
      ...(config.search.publicUrl ? [originOf(config.search.publicUrl)] : []),
      ...(config.content.storyblokToken ? [originOf(config.content.storyblokApiUrl)] : []),
      ...thirdParty.connect,
    ],
    imageSources: config.content.storyblokToken ? ['https://a.storyblok.com'] : [],
    extraImageSources: thirdParty.image,
    scriptSources: thirdParty.script,
    frameSources: thirdParty.frame,
  });
  registerNoStore(app);
  // Before any route: each GET route gets the compression as the last of its own onSend hooks.
  registerAnswerCompression(app);
  // Limits are counted in the database: every instance on it counts the same attempts (decision 0047).
  const limiter = createLimiter(db);
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(limiter) });
  await registerOpenApi(app);
  const sessionCache = new SessionCache(config.authCacheSeconds * 1000);
  sessionCache.follow(bus, app.log);
  registerAuthentication(app, db, sessionCache);

  const mailer = createMailer(config, db, app.log);
  app.addHook('onClose', () => mailer.close());
  // Wrong passwords counted per account on every route that checks one, beside the routes' per-address limits.
  const passwords = createPasswordGuard(limiter, config.rateLimit);
  const auth = createAuthService(db, config, mailer, sessionCache, passwords);
  const companies = createCompanyService(db);
  const customersIn = (tx: DbOrTx) => createCustomerService(tx);
  const idempotency = createIdempotency(db);
  registerAccess(app, db, idempotency, sessionCache);
  // After every plugin that adds route hooks on `onRoute` (rate limits, access): a batch's change runs its route's
  // options as Fastify would (decision 0081).
  const syncTable = collectSyncRoutes(app, answerSerializer(config.checkResponses));
  // Answers of database reads kept per process, forgotten on every instance by the database's news (decision 0076).
  const readCache = new ReadCache();
  readCache.follow(bus);
  forgetOnChange(app, readCache);
  const answers = readAnswers(readCache, await versionsOf(database));
  // An embedded database has this process as its only writer: caches may count its writes instead of asking the
  // database (decision 0042). Counted once a change's handler is done, before its answer goes out.
  const processWrites = processWritesOf(database);
  if (processWrites) {
    app.addHook('onSend', async (req, _reply, payload) => {
      if (req.method !== 'GET' && req.method !== 'HEAD' && req.user)
        processWrites.wrote(req.user.id, isStaff(req.user));
      return payload;
    });
  }
  const pruneTimer = setInterval(
    () =>
      void Promise.all([idempotency.prune(), limiter.prune()]).catch((err: unknown) =>
        app.log.error({ err }, 'prune failed'),
      ),
    3_600_000,
  );
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));
  // Open live lists end before the server closes: it would otherwise wait for streams that never end (0060).
  // The limit of streams per user counts every instance on the database (live-share.ts): a row of this instance stops
  // counting three heartbeats after its last renewal, if the instance dies without closing.
  const live = createLiveLists(bus, {
    share: createLiveShare(db, randomUUID(), 3 * LIVE_HEARTBEAT_MS),
  });
  app.addHook('preClose', async () => live.closeAll());
  app.decorate('services', { auth, companies, mailer, database, idempotency, limiter, bus, live, readCache });

  await app.register(healthRoutes(database));
  // CAPTCHA_HMAC_KEY unset: the key kept in the database, so that every instance signs and checks alike (0047).
  const captchaConfig = await withSharedCaptchaKey(config, db);
  await registerCaptcha(app, { config: captchaConfig, db });
  await app.register(authRoutes(auth, config));
  await app.register(customerRoutes({ companies, idempotency, customersIn, sessionCache, config, mailer, passwords }));
  await app.register(customerManagementRoutes({ db, config, idempotency, mailer, sessionCache, passwords }));
  await app.register(companyRoutes(companies));
  await app.register(purchaseListRoutes({ db, idempotency, answers }));
  await app.register(inventoryRoutes({ db, idempotency, live }));
  await app.register(companyProductRoutes({ db, idempotency }));
  await app.register(catalogRoutes(db));
  await app.register(priceRoutes({ db, answers }));
  await app.register(searchRoutes({ db, config }));
  // One source of content for its routes and the start page's story in index.html.
  const contentSource = createContentSource(config, app.log);
  app.addHook('onClose', () => contentSource.close());
  await app.register(contentRoutes({ db, config, source: contentSource }));
  await app.register(
    cartRoutes({ db, idempotency, now, cacheSeconds: config.authCacheSeconds, writes: processWrites }),
  );
  await app.register(calendarRoutes({ db, now }));
  await app.register(checkoutRoutes({ db, idempotency, now }));
  await app.register(orderRoutes({ db, idempotency, answers, now }));
  await app.register(popularRoutes({ db, now }));
  await app.register(contactRoutes({ db, config: captchaConfig, mailer }));
  await app.register(newsletterRoutes({ db, config, mailer }));
  await app.register(dataSheetRoutes({ db, config }));
  await app.register(syncRoutes({ db, idempotency, table: syncTable }));
  if (config.devMailbox) await app.register(mailboxRoutes(db));
  if (devClock) await app.register(devClockRoutes(devClock));
  await registerClient(
    app,
    config.serveClient ? config.clientDir : null,
    config.redirectRules,
    contentSource instanceof LocalContent ? startStoryReader(app, config, contentSource) : undefined,
  );

  return app;
}

export type Services = {
  auth: ReturnType<typeof createAuthService>;
  companies: ReturnType<typeof createCompanyService>;
  mailer: ReturnType<typeof createMailer>;
  database: DatabaseHandle;
  idempotency: ReturnType<typeof createIdempotency>;
  limiter: Limiter;
  bus: Bus;
  live: LiveLists;
  readCache: ReadCache;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The services behind the routes, for tests and scripts that need to act as the server does. */
    services: Services;
  }
}
