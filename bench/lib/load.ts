// HTTP load with autocannon, run in this (the harness's) process against a server in a child process.
import autocannon from 'autocannon';

export type LoadOptions = {
  connections: number;
  /** Seconds. */
  duration: number;
  headers?: Record<string, string>;
  /** autocannon's request sequence (e.g. a `setupRequest` that gives each request its own path and body). */
  requests?: autocannon.Request[];
};

export type LoadFigures = {
  /** Mean requests per second over the run. */
  reqPerSec: number;
  /** Latency percentiles of the 2xx answers in milliseconds (µs resolution; autocannon's own are whole ms). */
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
};

export async function load(url: string, options: LoadOptions): Promise<LoadFigures> {
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: options.connections,
        duration: options.duration,
        headers: options.headers ?? {},
        ...(options.requests ? { requests: options.requests } : {}),
      },
      (error: unknown, res: autocannon.Result) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode < 200 || statusCode > 299) return;
      if (count === latencies.length) {
        const bigger = new Float64Array(latencies.length * 2);
        bigger.set(latencies);
        latencies = bigger;
      }
      latencies[count++] = responseTime;
    });
  });
  const sorted = latencies.subarray(0, count).sort();
  const percentile = (p: number) => (count === 0 ? NaN : sorted[Math.min(count - 1, Math.floor((p / 100) * count))]!);
  return {
    reqPerSec: result.requests.average,
    p50: round3(percentile(50)),
    p99: round3(percentile(99)),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Throws when more than 1 % of the answers were not 2xx or failed: such a run measures errors, not the route. */
export function assertHealthy(label: string, figures: LoadFigures): void {
  const bad = figures.non2xx + figures.errors;
  if (figures.requests === 0 || bad > figures.requests * 0.01) {
    throw new Error(
      `${label}: ${figures.non2xx} non-2xx answers and ${figures.errors} errors out of ${figures.requests} requests`,
    );
  }
}
