// Runs the benchmarks: every bench/*.bench.ts in name order, or the ones named on the command line.
//
//   npm run bench                          all of them
//   npm run bench -- customer-throughput   one (name with or without .bench.ts)
//   npm run bench -- bundle-size lighthouse   the client's first load (issue #3): JS per route, Lighthouse scores
//                                          (both build the client into .tmp/bench-bundle; BENCH_CLIENT_DIR reuses a build)
//
// Each benchmark default-exports an async function returning its figures; they are printed and written
// to bench/results/<name>.json (git-ignored). A benchmark that throws makes the run exit with 1; a figure
// below its target does not (benchmarks measure, tests assert).
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Benchmark, Figures } from './lib/types';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.join(benchDir, 'results');
const SUFFIX = '.bench.ts';

async function main(): Promise<number> {
  const all = (await readdir(benchDir)).filter((f) => f.endsWith(SUFFIX)).sort();
  const wanted = process.argv.slice(2).map((a) =>
    path
      .basename(a)
      .replace(/\.bench(\.ts)?$/, '')
      .replace(/\.ts$/, ''),
  );
  const unknown = wanted.filter((w) => !all.includes(w + SUFFIX));
  if (unknown.length > 0) {
    console.error(
      `Unknown benchmark(s): ${unknown.join(', ')}. Available: ${all.map((f) => f.slice(0, -SUFFIX.length)).join(', ')}`,
    );
    return 2;
  }
  const files = wanted.length > 0 ? all.filter((f) => wanted.includes(f.slice(0, -SUFFIX.length))) : all;
  if (files.length === 0) {
    console.error('No benchmarks found in bench/*.bench.ts');
    return 2;
  }

  await mkdir(resultsDir, { recursive: true });
  console.log(
    `Benchmarks on node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'})`,
  );
  let failures = 0;
  for (const file of files) {
    const name = file.slice(0, -SUFFIX.length);
    console.log(`\n── ${name} ${'─'.repeat(Math.max(3, 70 - name.length))}`);
    const started = Date.now();
    try {
      const mod = (await import(pathToFileURL(path.join(benchDir, file)).href)) as { default?: Benchmark };
      if (typeof mod.default !== 'function') throw new Error(`${file} has no default-exported function`);
      const figures = await mod.default();
      const seconds = (Date.now() - started) / 1000;
      printFigures(figures);
      console.log(`  (${seconds.toFixed(1)} s)`);
      const record = {
        name,
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        seconds,
        figures,
      };
      await writeFile(path.join(resultsDir, `${name}.json`), JSON.stringify(record, null, 2) + '\n');
    } catch (error) {
      failures++;
      console.error(`  ${name} failed:`, error);
    }
  }
  console.log(`\n${files.length - failures} of ${files.length} benchmark(s) ran; figures in bench/results/`);
  return failures > 0 ? 1 : 0;
}

function printFigures(figures: Figures): void {
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  for (const [key, value] of Object.entries(figures)) {
    const shown =
      typeof value === 'number' && !Number.isInteger(value) ? value.toFixed(value < 10 ? 3 : 1) : String(value);
    console.log(`  ${key.padEnd(width)}  ${shown}`);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
