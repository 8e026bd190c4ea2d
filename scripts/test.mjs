#!/usr/bin/env node
// `npm test`: build what the runtime tests start (the embedded and distributed modes run the built
// output), then run every jest suite. Suites use PostgreSQL, NATS JetStream and an S3 server too when
// POSTGRES_URL and NATS_URL are set. `--distributed` runs only the distributed-mode suite.
// Prints one closing line `jest: N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const distributedOnly = args.includes('--distributed');
const jestArgs = args.filter((a) => a !== '--distributed');

const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const outDir = mkdtempSync(path.join(tmpdir(), 'jest-results-'));
const outputFile = path.join(outDir, 'results.json');
const adapters =
  process.env.POSTGRES_URL && process.env.NATS_URL
    ? 'PGlite + in-process + local folder, and PostgreSQL + NATS JetStream + S3'
    : 'PGlite + in-process + local folder';
console.log(`\nRunning jest against ${adapters}\n`);
const jest = spawnSync(
  process.execPath,
  [
    path.join(root, 'scripts', 'jest.mjs'),
    ...(distributedOnly ? ['scripts/__tests__/distributed-mode.test.ts'] : []),
    '--json',
    `--outputFile=${outputFile}`,
    ...jestArgs,
  ],
  { cwd: root, stdio: 'inherit' },
);
let summary = 'jest: no results';
try {
  const results = JSON.parse(readFileSync(outputFile, 'utf8'));
  const skipped = results.numPendingTests + results.numTodoTests;
  // Where the time goes (for the CI budget): the ten slowest files, by wall time in their worker.
  const slowest = results.testResults
    .map((file) => ({
      file: path.relative(root, file.name),
      seconds: (file.endTime - file.startTime) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  if (slowest.length > 0) {
    console.log('\nslowest jest files:');
    for (const { file, seconds } of slowest) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);
  }
  // RECORD_JEST_TIMINGS=1 keeps each file's wall time for jest.sequencer.mjs (longest first on CI).
  if (process.env.RECORD_JEST_TIMINGS && !distributedOnly && results.numFailedTests === 0) {
    const seconds = Object.fromEntries(
      results.testResults
        .map((file) => [
          path.relative(root, file.name).split(path.sep).join('/'),
          Math.round((file.endTime - file.startTime) / 100) / 10,
        ])
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    writeFileSync(
      path.join(root, 'jest-timings.json'),
      `${JSON.stringify({ about: 'wall seconds per jest file in a whole run: jest.sequencer.mjs', seconds }, null, 2)}\n`,
    );
  }
  summary = `jest: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped`;
  if (results.numTotalTests === 0) summary += '\nno test was executed';
} catch {
  // jest failed before writing results; its own output says why
}
rmSync(outDir, { recursive: true, force: true });
console.log(`\n${summary}`);
process.exit(jest.status ?? 1);
