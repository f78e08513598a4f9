import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dataDir: './data',
      databaseUrl: undefined,
      devMailbox: true,
      tokenTtlSeconds: 3600,
    });
    expect(config.publicUrl).toBe('http://localhost:8080');
  });

  it('stops start-up with one message naming every wrong setting', () => {
    expect(() => loadConfig({ PORT: 'åttio', DATABASE_URL: 'inte en url', SEED_ON_EMPTY: 'kanske' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'åttio', DATABASE_URL: 'inte en url', SEED_ON_EMPTY: 'kanske' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SEED_ON_EMPTY']) expect(message).toContain(name);
    }
  });

  it('reads the redirect rules, with the demo rules by default, and stops at a loop or a non-http target', () => {
    expect(loadConfig({}).redirectRules?.length).toBeGreaterThan(0);
    const rule = (to: string) => JSON.stringify([{ from: '/a', match: 'exact', to, status: 301 }]);
    expect(loadConfig({ REDIRECT_RULES: rule('/b') }).redirectRules).toEqual([
      { from: '/a', match: 'exact', to: '/b', status: 301 },
    ]);
    expect(() => loadConfig({ REDIRECT_RULES: rule('/a') })).toThrow(/REDIRECT_RULES: rule 0: \/a leads round/);
    expect(() => loadConfig({ REDIRECT_RULES: rule('javascript:alert(1)') })).toThrow(/REDIRECT_RULES/);
    expect(() => loadConfig({ REDIRECT_RULES: 'inte json' })).toThrow(ConfigError);
  });

  it('turns the mailbox viewer off by default once real SMTP is configured', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' }).devMailbox).toBe(false);
  });

  it('never opens the mailbox viewer in production, and refuses to start with it there', () => {
    const SMTP_URL = 'smtp://mail.example.com:587';
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL, DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL, DEV_MAILBOX: 'true' })).toThrow(
      /DEV_MAILBOX: must be off when NODE_ENV=production/,
    );
    // Without SMTP in production: no mailbox either (the mailer warns at start that no mail is delivered).
    expect(loadConfig({ NODE_ENV: 'production' }).devMailbox).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'yes' })).toThrow(/DEV_MAILBOX: must be off/);
  });

  it('keeps the mailbox of the one-command demo outside production', () => {
    // `npm start` runs the server without NODE_ENV (only `vite build` sets it, in its own process).
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).devMailbox).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://mail.example.com:587', DEV_MAILBOX: 'true' }).devMailbox,
    ).toBe(true);
  });
});
