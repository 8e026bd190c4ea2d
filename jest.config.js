/**
 * One jest config for every Node workspace. Run it through `scripts/jest.mjs` (`npm run test:unit`,
 * `npm test`): test files run in plain Node child processes (jest-light-runner), TypeScript through tsx,
 * our packages from their sources.
 *
 * Why not jest's own runner: it runs every file in a fresh `vm` context, where every lookup of a global
 * is slow (Drizzle built queries 10-40 times slower) and every file loads all its modules again; the jest
 * step took 457 s there against 239 s in plain Node (docs/decisions.md, 62). Lost: module mocks and a
 * fresh global per file; `scripts/jest/globals.mjs` adds back per-test timeouts.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useFastScratchFolder } from './scripts/test-scratch.mjs';

// New PGlite folders start from a migrated template instead of initdb + every migration
// (packages/service-kit/src/db/pglite-template.ts). Workers and the processes tests start inherit it.
process.env.PGLITE_TEMPLATE_CACHE ??= path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'node_modules',
  '.cache',
  'pglite-templates',
);

// The folders tests make (PGlite data above all) live in memory when the machine allows
// (scripts/test-scratch.mjs); workers and the processes tests start inherit TMPDIR.
useFastScratchFolder();

// Read by scripts/jest/globals.mjs in the runner's processes, which inherit the environment.
const TEST_TIMEOUT_MS = 60_000;
process.env.JEST_TEST_TIMEOUT_MS = String(TEST_TIMEOUT_MS);

export default {
  runner: path.join(path.dirname(fileURLToPath(import.meta.url)), 'scripts', 'jest', 'runner.mjs'),
  transform: {},
  testMatch: ['<rootDir>/**/__tests__/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/e2e/'],
  testTimeout: TEST_TIMEOUT_MS,
  // Longest files first, with recorded times where jest's cache has none (a fresh clone).
  testSequencer: path.join(path.dirname(fileURLToPath(import.meta.url)), 'jest.sequencer.mjs'),
  // Three workers on this 2-core machine: a suite waits on PostgreSQL, NATS, S3 and child processes part
  // of the time, and a third file fills those gaps (services/auth + services/payment side by side: 102 s
  // on two workers, 91 s on three, 88 s on four).
  maxWorkers: 3,
};
