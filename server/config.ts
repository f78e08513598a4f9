import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  DEFAULT_REDIRECT_RULES,
  asRedirectRules,
  redirectRuleProblems,
  type RedirectRule,
} from '../contract/rules/redirects';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const int = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const envSchema = z.object({
  PORT: int(8080, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  TOKEN_TTL_SECONDS: int(3600, 5),
  TOKEN_RENEW_GRACE_SECONDS: int(43_200, 0),
  TOKEN_REPLACED_GRACE_SECONDS: int(120, 0),
  AUTH_CACHE_SECONDS: int(10, 0, 300),
  RESET_LINK_TTL_MINUTES: int(60, 1),
  REGISTRATION_LINK_TTL_HOURS: int(72, 1),
  SEED_ON_EMPTY: bool(true),
  SEED_PRODUCTS: int(2000, 10, 1_000_000),
  SERVE_CLIENT: bool(true),
  CLIENT_DIR: z.string().min(1).default('./dist/client'),
  /** SPEC §2 path-based redirects, a JSON array of rules (contract/rules/redirects.ts); unset: the demo's. */
  REDIRECT_RULES: z.string().optional(),
  DEV_MAILBOX: bool(true).optional(),
  DEV_CLOCK: bool(false),
  /** Every answer checked against its zod schema before it is sent (decision 0068); unset: on unless in production. */
  CHECK_RESPONSES: bool(true).optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Skafferi <noreply@skafferi.test>'),
  CUSTOMER_SERVICE_EMAIL: z.email().default('kundservice@skafferi.test'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_LOGIN_PER_MINUTE: int(30, 1),
  PASSWORD_FAILURES_PER_ACCOUNT: int(10, 1),
  PASSWORD_FAILURE_WINDOW_MINUTES: int(15, 1, 24 * 60),
  RATE_LIMIT_FORGOT_PER_MINUTE: int(5, 1),
  RATE_LIMIT_SEARCH_PER_MINUTE: int(600, 1),
  TRUST_PROXY: bool(false),
  TYPESENSE_URL: optionalUrl,
  TYPESENSE_API_KEY: z.string().min(1).optional(),
  TYPESENSE_SEARCH_ONLY_KEY: z.string().min(8).optional(),
  TYPESENSE_PUBLIC_URL: optionalUrl,
  TYPESENSE_COLLECTION_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/)
    .default(''),
  SEARCH_KEY_TTL_SECONDS: int(86_400, 60),
  CONTENT_DIR: z.string().min(1).default('./content'),
  CONTENT_WATCH: bool(false),
  STORYBLOK_TOKEN: z.string().min(1).optional(),
  STORYBLOK_API_URL: z.url().default('https://api.storyblok.com/v2'),
  STORYBLOK_VERSION: z.enum(['published', 'draft']).default('published'),
  STORYBLOK_PRODUCTS_FOLDER_ID: int(488_402_199, 1),
  STORYBLOK_PRODUCTS_FOLDER_SLUG: z
    .string()
    .regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/)
    .default('sortiment'),
  SITEMAP_MAX_URLS: int(50_000, 10, 50_000),
  CAPTCHA_HMAC_KEY: z.string().min(16).optional(),
  CAPTCHA_COST: int(500, 1, 1_000_000),
  CAPTCHA_MAX_COUNTER: int(2000, 2, 100_000_000),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/)
    .default('www.recaptcha.net'),
  RECAPTCHA_VERIFY_URL: optionalUrl,
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  CONTACT_TOKEN_TTL_MINUTES: int(60, 1, 24 * 60),
  NEWSLETTER_CONFIRM_TTL_HOURS: int(72, 1),
  RATE_LIMIT_CONTACT_PER_MINUTE: int(5, 1),
  RATE_LIMIT_NEWSLETTER_PER_MINUTE: int(5, 1),
  VITE_GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/)
    .optional(),
});

/**
 * CAPTCHA_HMAC_KEY unset: a random key for this process until buildApp puts in the one every instance on the database
 * shares (server/modules/captcha/key.ts, decision 0047).
 */
const processCaptchaKey = randomBytes(32).toString('base64url');

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  tokenTtlSeconds: number;
  tokenRenewGraceSeconds: number;
  /** A renewed (replaced) token may be renewed again this long: the first answer may have been lost. */
  tokenReplacedGraceSeconds: number;
  authCacheSeconds: number;
  resetLinkTtlMinutes: number;
  registrationLinkTtlHours: number;
  seedOnEmpty: boolean;
  seedProducts: number;
  serveClient: boolean;
  clientDir: string;
  /** Path-based redirect rules, checked at start (no loops, only http(s) targets). */
  redirectRules?: RedirectRule[];
  devMailbox: boolean;
  /** `PUT /v1/dev/clock` moves the clock of the date rules (e2e tests only; docs/decisions/0041). */
  devClock: boolean;
  /**
   * Answers are checked against their route's zod schema (and must not carry what it would drop or change) before they
   * are sent; off, they are written with JSON.stringify as the server built them (production; decision 0068).
   */
  checkResponses: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  customerServiceEmail: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  rateLimit: {
    loginPerMinute: number;
    /** Wrong passwords an account may be tried with per window, on any route that checks one (decision 0050). */
    passwordFailuresPerAccount: number;
    passwordFailureWindowMinutes: number;
    forgotPerMinute: number;
    /** Search calls (keys, search, multi_search) per address: search-as-you-type sends one per keystroke. */
    searchPerMinute: number;
    contactPerMinute: number;
    newsletterPerMinute: number;
  };
  captcha: {
    /** Signs ALTCHA challenges and contact tokens. */
    hmacKey: string;
    /** CAPTCHA_HMAC_KEY was set; otherwise buildApp uses the key kept in the database. */
    hmacKeyConfigured: boolean;
    /** PBKDF2 iterations per ALTCHA attempt. */
    cost: number;
    /** The secret counter of a challenge is drawn from [maxCounter/2, maxCounter]: the attempts a browser makes. */
    maxCounter: number;
    /** Google reCAPTCHA instead of ALTCHA (both keys set). */
    recaptcha: { siteKey: string; secret: string; host: string; verifyUrl: string; minScore: number } | undefined;
  };
  contact: { tokenTtlMinutes: number };
  newsletter: { confirmTtlHours: number };
  /** A Google Tag Manager container the client loads after consent; the CSP lets it in. */
  gtmId: string | undefined;
  trustProxy: boolean;
  search: {
    /** A real Typesense cluster (admin URL); undefined: the embedded engine. */
    typesenseUrl: string | undefined;
    /** Admin key of the cluster (pushes schemas and documents; never leaves the server). */
    apiKey: string | undefined;
    /** Parent of the scoped search keys: a key with only `documents:search`. Unset: one kept in the database. */
    searchOnlyKey: string | undefined;
    /** Where browsers reach the cluster directly; unset: they search through this server, on its origin. */
    publicUrl: string | undefined;
    collectionPrefix: string;
    keyTtlSeconds: number;
  };
  content: {
    /** The story files of the embedded engine. */
    dir: string;
    /** Reload the story files when they change (while editing content locally). */
    watch: boolean;
    /** A Storyblok space's public or preview token: content comes from there (undefined: the story files). */
    storyblokToken: string | undefined;
    /** The space's region API (storyblok-js-client's `endpoint`). */
    storyblokApiUrl: string;
    version: 'published' | 'draft';
    productsFolderId: number;
    productsFolderSlug: string;
    /** URLs per sitemap file (the protocol's limit is 50 000); more make /sitemap.xml an index. */
    sitemapMaxUrls: number;
  };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment into a typed config; a wrong setting throws one message naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration — fix these settings (see .env.example):\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.TYPESENSE_URL && (!e.TYPESENSE_API_KEY || !e.TYPESENSE_SEARCH_ONLY_KEY)) {
    const missing = ['TYPESENSE_API_KEY', 'TYPESENSE_SEARCH_ONLY_KEY'].filter((name) => !e[name as keyof typeof e]);
    throw new ConfigError(
      `Invalid configuration — fix these settings (see .env.example):\n${missing
        .map((name) => `  ${name}: required when TYPESENSE_URL is set`)
        .join('\n')}`,
    );
  }
  if (!!e.RECAPTCHA_SITE_KEY !== !!e.RECAPTCHA_SECRET) {
    const missing = e.RECAPTCHA_SITE_KEY ? 'RECAPTCHA_SECRET' : 'RECAPTCHA_SITE_KEY';
    throw new ConfigError(
      `Invalid configuration — fix these settings (see .env.example):\n  ${missing}: required when the other RECAPTCHA_ key is set`,
    );
  }
  // A movable clock in production would let anyone move every order deadline: refused, not silently ignored, so that a
  // test setting copied to a production environment stops the start instead of hiding there.
  const production = env.NODE_ENV === 'production';
  if (e.DEV_CLOCK && production) {
    throw new ConfigError(
      'Invalid configuration — fix these settings (see .env.example):\n  DEV_CLOCK: must be off when NODE_ENV=production',
    );
  }
  // The mailbox viewer shows every mail, reset links included: in production it would hand any account to anyone.
  // Production without SMTP_URL starts, and says at start that no mail is delivered (decision 0051).
  if (production && e.DEV_MAILBOX === true) {
    throw new ConfigError(
      'Invalid configuration — fix these settings (see .env.example):\n  DEV_MAILBOX: must be off when NODE_ENV=production',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    tokenRenewGraceSeconds: e.TOKEN_RENEW_GRACE_SECONDS,
    tokenReplacedGraceSeconds: e.TOKEN_REPLACED_GRACE_SECONDS,
    authCacheSeconds: e.AUTH_CACHE_SECONDS,
    resetLinkTtlMinutes: e.RESET_LINK_TTL_MINUTES,
    registrationLinkTtlHours: e.REGISTRATION_LINK_TTL_HOURS,
    seedOnEmpty: e.SEED_ON_EMPTY,
    seedProducts: e.SEED_PRODUCTS,
    serveClient: e.SERVE_CLIENT,
    clientDir: e.CLIENT_DIR,
    redirectRules: redirectRulesOf(e.REDIRECT_RULES),
    // The mailbox viewer exposes every mail: never in production; elsewhere on by default while no SMTP server is set.
    devMailbox: !production && (e.DEV_MAILBOX ?? !e.SMTP_URL),
    devClock: e.DEV_CLOCK,
    // The check costs every answer a zod pass; tests and development run it so that production need not.
    checkResponses: e.CHECK_RESPONSES ?? !production,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    customerServiceEmail: e.CUSTOMER_SERVICE_EMAIL,
    logLevel: e.LOG_LEVEL,
    rateLimit: {
      loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
      passwordFailuresPerAccount: e.PASSWORD_FAILURES_PER_ACCOUNT,
      passwordFailureWindowMinutes: e.PASSWORD_FAILURE_WINDOW_MINUTES,
      forgotPerMinute: e.RATE_LIMIT_FORGOT_PER_MINUTE,
      searchPerMinute: e.RATE_LIMIT_SEARCH_PER_MINUTE,
      contactPerMinute: e.RATE_LIMIT_CONTACT_PER_MINUTE,
      newsletterPerMinute: e.RATE_LIMIT_NEWSLETTER_PER_MINUTE,
    },
    captcha: {
      hmacKey: e.CAPTCHA_HMAC_KEY ?? processCaptchaKey,
      hmacKeyConfigured: e.CAPTCHA_HMAC_KEY !== undefined,
      cost: e.CAPTCHA_COST,
      maxCounter: e.CAPTCHA_MAX_COUNTER,
      recaptcha:
        e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET
          ? {
              siteKey: e.RECAPTCHA_SITE_KEY,
              secret: e.RECAPTCHA_SECRET,
              host: e.RECAPTCHA_HOST,
              verifyUrl: e.RECAPTCHA_VERIFY_URL ?? `https://${e.RECAPTCHA_HOST}/recaptcha/api/siteverify`,
              minScore: e.RECAPTCHA_MIN_SCORE,
            }
          : undefined,
    },
    contact: { tokenTtlMinutes: e.CONTACT_TOKEN_TTL_MINUTES },
    newsletter: { confirmTtlHours: e.NEWSLETTER_CONFIRM_TTL_HOURS },
    gtmId: e.VITE_GTM_ID,
    trustProxy: e.TRUST_PROXY,
    search: {
      typesenseUrl: e.TYPESENSE_URL?.replace(/\/$/, ''),
      apiKey: e.TYPESENSE_API_KEY,
      searchOnlyKey: e.TYPESENSE_SEARCH_ONLY_KEY,
      publicUrl: e.TYPESENSE_PUBLIC_URL?.replace(/\/$/, ''),
      collectionPrefix: e.TYPESENSE_COLLECTION_PREFIX,
      keyTtlSeconds: e.SEARCH_KEY_TTL_SECONDS,
    },
    content: {
      dir: e.CONTENT_DIR,
      watch: e.CONTENT_WATCH,
      storyblokToken: e.STORYBLOK_TOKEN,
      storyblokApiUrl: e.STORYBLOK_API_URL.replace(/\/$/, ''),
      version: e.STORYBLOK_VERSION,
      productsFolderId: e.STORYBLOK_PRODUCTS_FOLDER_ID,
      productsFolderSlug: e.STORYBLOK_PRODUCTS_FOLDER_SLUG,
      sitemapMaxUrls: e.SITEMAP_MAX_URLS,
    },
  };
}

function emptyToUndefined(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
}

/** REDIRECT_RULES, read and checked: a wrong rule stops the start with what is wrong, rather than loop visitors. */
function redirectRulesOf(value: string | undefined): RedirectRule[] {
  if (value === undefined) return DEFAULT_REDIRECT_RULES;
  let rules: RedirectRule[] | null;
  try {
    rules = asRedirectRules(JSON.parse(value));
  } catch {
    rules = null;
  }
  if (rules === null) {
    throw new ConfigError(
      'Invalid configuration — fix these settings (see .env.example):\n  REDIRECT_RULES: a JSON array of {from, match, to, status}',
    );
  }
  const problems = redirectRuleProblems(rules);
  if (problems.length > 0) {
    throw new ConfigError(
      `Invalid configuration — fix these settings (see .env.example):\n${problems.map((p) => `  REDIRECT_RULES: ${p}`).join('\n')}`,
    );
  }
  return rules;
}
