#!/usr/bin/env node
// Runs the Playwright suite and prints one closing line `playwright: N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const result = spawnSync(
  path.join(here, '..', 'node_modules', '.bin', 'playwright'),
  ['test', ...process.argv.slice(2)],
  {
    cwd: here,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  },
);
try {
  const report = JSON.parse(readFileSync(path.join(here, 'test-results', 'results.json'), 'utf8'));
  const { stats } = report;
  // Where the time goes (for the CI budget): the ten slowest runs, by their own duration.
  const runs = [];
  const walk = (suite) => {
    for (const child of suite.suites ?? []) walk(child);
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests ?? []) {
        const seconds = (run.results ?? []).reduce((sum, result) => sum + result.duration, 0) / 1000;
        runs.push({ name: `[${run.projectName}] ${spec.file}:${spec.line} ${spec.title}`, seconds });
      }
    }
  };
  for (const suite of report.suites ?? []) walk(suite);
  runs.sort((a, b) => b.seconds - a.seconds);
  if (runs.length > 0) {
    console.log('\nslowest browser tests:');
    for (const { name, seconds } of runs.slice(0, 10))
      console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  }
  console.log(
    `\nplaywright: ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed, ${stats.skipped} skipped`,
  );
} catch {
  console.log('\nplaywright: no results');
}
process.exit(result.status ?? 1);
