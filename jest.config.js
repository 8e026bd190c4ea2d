/**
 * One jest config for every Node workspace. Run it through `scripts/jest.mjs` (`npm run test:unit`,
 * `npm test`): test files run in plain Node child processes (jest-light-runner), TypeScript through tsx,
 * our packages from their sources.
 *
 * Why not jest's own runner: it runs every file in a fresh `vm` context with a module registry of its own.
 * In such a context each lookup of a global (`Object`, `Symbol`, `Promise`…) goes through Node's context
 * interceptors: `Object.getPrototypeOf` took about 1 µs a call against 25 ns in plain Node, and Drizzle's
 * query building, which asks it at every node of a query, ran 10-40 times slower (5,000 selects: 4-15 s
 * against 0.33-0.39 s). Every file also loaded the kit, Drizzle, Express and the SDKs again (1-2 s of CPU
 * each). The whole step (199 files, PostgreSQL + NATS + S3, three workers): 239 s in plain Node against
 * 457 s under jest's own runner (docs/decisions.md, 62). What the plain runner does not give, and the
 * suites here do not use: module mocks, a fresh global per file (a file restores what it changes, as
 * `process.env`), and per-test timeouts, which `scripts/jest/globals.mjs` adds back.
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
