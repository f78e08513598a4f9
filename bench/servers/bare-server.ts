// A bare node:http server that answers every request with one fixed body: the baseline for API benchmarks.
// BENCH_BODY is the body, BENCH_CONTENT_TYPE its content type. Prints `BENCH_LISTENING <port>` when ready.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const body = Buffer.from(process.env.BENCH_BODY ?? '{}');
const contentType = process.env.BENCH_CONTENT_TYPE ?? 'application/json; charset=utf-8';

const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  console.log(`BENCH_LISTENING ${(server.address() as AddressInfo).port}`);
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
