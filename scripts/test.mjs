// npm test: the unit stage (vitest), then the browser stage (Playwright), the second whatever the first gave — a
// failing unit test must not hide what the journeys would have said. Exits non-zero if either stage failed, and
// ends with both stages' summary lines again, each behind its stage's name: .ci/run adds up the counts of the
// lines as vitest and Playwright print them ("Tests  2 failed | 40 passed", "40 passed (1.2m)"), and a repeated
// line in that form would be counted twice.
import { spawn } from 'node:child_process';

const stages = [
  { name: 'vitest', command: ['npm', 'run', 'test:unit'] },
  { name: 'playwright', command: ['npm', 'run', 'e2e'] },
];

// vitest: " Test Files  1 failed | 40 passed (41)", "      Tests  2 failed | 400 passed (402)";
// Playwright: "  40 passed (1.2m)", "  2 failed", "  1 flaky", "  3 skipped".
const SUMMARY = /^\s*(Test Files|Tests)\s+\d|^\s*\d+\s+(passed|failed|flaky|skipped|did not run|interrupted)\b/;
// eslint-disable-next-line no-control-regex -- the colours vitest and Playwright print
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

/** Runs one stage with its output passed through as it comes; resolves to its exit code and summary lines. */
function run({ command: [bin, ...args] }) {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { stdio: ['inherit', 'pipe', 'pipe'], env: process.env });
    let tail = '';
    const summary = [];
    const keep = (chunk) => {
      tail += chunk.toString('utf8');
      const lines = tail.split('\n');
      tail = lines.pop() ?? '';
      for (const line of lines) if (SUMMARY.test(line.replace(ANSI, ''))) summary.push(line.replace(ANSI, '').trim());
    };
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('error', (err) => {
      console.error(err);
      resolve({ code: 1, summary });
    });
    child.on('close', (code, signal) => {
      keep('\n');
      resolve({ code: code ?? (signal ? 1 : 0), summary });
    });
  });
}

const results = [];
for (const stage of stages) {
  console.log(`\n==> npm test: ${stage.name} (${stage.command.join(' ')})\n`);
  results.push({ stage, ...(await run(stage)) });
}

console.log('\n==> npm test: both stages');
for (const { stage, code, summary } of results) {
  console.log(`${stage.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`}`);
  for (const line of summary) console.log(`${stage.name}: ${line}`);
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
