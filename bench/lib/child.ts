// Starts a server script in a child Node process (TypeScript through tsx) and stops it again.
// The child prints `BENCH_LISTENING <port>` on stdout once it listens; everything else it prints is passed on.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export const READY_MARKER = 'BENCH_LISTENING ';

export type ServerChild = {
  port: number;
  url: string;
  pid: number;
  stop(): Promise<void>;
};

export async function startServer(
  script: string,
  env: NodeJS.ProcessEnv,
  options: { label: string; timeoutMs?: number },
): Promise<ServerChild> {
  const { label, timeoutMs = 180_000 } = options;
  // BENCH_CHILD_NODE_ARGS: extra Node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const extra = (process.env.BENCH_CHILD_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', script], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = once(child, 'exit');

  const forward = (stream: NodeJS.ReadableStream, to: NodeJS.WriteStream) =>
    createInterface({ input: stream }).on('line', (line) => {
      if (!line.startsWith(READY_MARKER)) to.write(`  [${label}] ${line}\n`);
    });
  forward(child.stderr, process.stderr);
  const stdoutLines = forward(child.stdout, process.stdout);

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${label}: no '${READY_MARKER.trim()}' line within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    stdoutLines.on('line', (line) => {
      if (line.startsWith(READY_MARKER)) {
        clearTimeout(timer);
        resolve(Number(line.slice(READY_MARKER.length)));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited before listening (code ${code}, signal ${signal})`));
    });
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      process.removeListener('exit', killOnExit);
    })();
    return stopping;
  };

  return { port, url: `http://127.0.0.1:${port}`, pid: child.pid ?? -1, stop };
}
