// A proxy in front of a server that holds every request `oneWayMs` before passing it on and every answer `oneWayMs`
// before passing it back: a phone network's round trip (2 × oneWayMs) on loopback. Bodies are passed whole.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startDelayProxy(target: string, oneWayMs: number) {
  const agent = new http.Agent({ keepAlive: true });
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        await sleep(oneWayMs);
        const body = Buffer.concat(chunks);
        const forward = http.request(
          {
            host: upstream.hostname,
            port: upstream.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: upstream.host },
            agent,
          },
          (answer) => {
            const parts: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => parts.push(chunk));
            answer.on('end', () => {
              void sleep(oneWayMs).then(() => {
                res.writeHead(answer.statusCode ?? 502, answer.headers);
                res.end(Buffer.concat(parts));
              });
            });
          },
        );
        forward.on('error', () => {
          res.writeHead(502);
          res.end();
        });
        forward.end(body);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
