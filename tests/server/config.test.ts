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

  it('turns the mailbox viewer off by default once real SMTP is configured', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' }).devMailbox).toBe(false);
  });
});
