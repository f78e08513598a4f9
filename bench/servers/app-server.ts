// The real Skafferi server for benchmarks: configured by the environment (see server/config.ts),
// listening on a free port on 127.0.0.1; prints `BENCH_LISTENING <port>` when ready.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';

const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' });
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`BENCH_LISTENING ${(app.server.address() as AddressInfo).port}`);

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
