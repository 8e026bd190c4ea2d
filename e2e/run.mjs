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
  const { stats } = JSON.parse(readFileSync(path.join(here, 'test-results', 'results.json'), 'utf8'));
  console.log(
    `\nplaywright: ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed, ${stats.skipped} skipped`,
  );
} catch {
  console.log('\nplaywright: no results');
}
process.exit(result.status ?? 1);
