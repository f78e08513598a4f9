// A bare Fastify server with one rate-limited route, for bench/rate-limits.bench.ts: its hits are counted by
// @fastify/rate-limit's own in-memory store (BENCH_LIMIT_STORE=memory, as before decision 0047) or in the database
// (BENCH_LIMIT_STORE=database: server/lib/limits.ts on PGlite in DATA_DIR, or on DATABASE_URL). Prints
// `BENCH_LISTENING <port>` when ready.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { openDatabase } from '../../server/db/client';
import { createLimiter, databaseRateLimitStore } from '../../server/lib/limits';

const inDatabase = process.env.BENCH_LIMIT_STORE === 'database';
const database = inDatabase
  ? await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR })
  : undefined;

const app = Fastify();
await app.register(rateLimit, {
  global: false,
  ...(database ? { store: databaseRateLimitStore(createLimiter(database.db)) } : {}),
});
// A limit never reached: every request is counted, none refused.
app.get('/limited', { config: { rateLimit: { max: 1_000_000_000, timeWindow: '1 minute' } } }, async () => ({
  ok: true,
}));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`BENCH_LISTENING ${(app.server.address() as AddressInfo).port}`);

const stop = () => {
  app
    .close()
    .then(() => database?.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
