/** One jest config for every Node workspace: native ESM, TypeScript through SWC, sources of @platform/* packages. */
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

const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true, decorators: false }, target: 'es2022' },
    module: { type: 'es6' },
  },
];

export default {
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@platform/source', 'node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/**/__tests__/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/e2e/'],
  testTimeout: 60_000,
  // Longest files first, with recorded times where jest's cache has none (a fresh clone).
  testSequencer: path.join(path.dirname(fileURLToPath(import.meta.url)), 'jest.sequencer.mjs'),
  // Three workers on this 2-core machine: a suite waits on PostgreSQL, NATS, S3 and child processes part
  // of the time, and a third file fills those gaps (services/auth + services/payment side by side: 102 s
  // on two workers, 91 s on three, 88 s on four).
  maxWorkers: 3,
};
