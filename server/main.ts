import 'dotenv/config';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { DEMO_LOGINS } from './db/seed';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const started = Date.now();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`;
  const lines = [
    '',
    `  Skafferi is running — open http://localhost:${port}/  (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `  API docs: http://localhost:${port}/api/docs   Health: http://localhost:${port}/health`,
    `  Database: ${database}`,
    config.devMailbox ? `  Mailbox (reset and activation mails): http://localhost:${port}/v1/dev/mailbox` : '',
    config.devClock
      ? `  Test clock (DEV_CLOCK): PUT/DELETE http://localhost:${port}/v1/dev/clock moves the date rules`
      : '',
    '',
    '  Demo logins:',
    ...DEMO_LOGINS.map((l) => `    ${l.email.padEnd(26)} ${l.password.padEnd(14)} ${l.description}`),
    '',
  ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
  console.log(lines.join('\n'));

  const stop = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('Skafferi could not start:', error);
  process.exit(1);
});
