#!/usr/bin/env node
/**
 * Runs jest the way every jest run here goes (`npm run test:unit -- <path>`, `npm test`): the test files
 * run in plain Node (jest-light-runner, child processes), which load TypeScript through tsx and our
 * packages' sources (the `@platform/source` export condition). The runner's processes inherit these
 * flags; the processes tests start do not (they run the built output, as a user's site does).
 * `scripts/jest/tsconfig.json` answers `import … from '@jest/globals'` with the runner's globals.
 * Exits with jest's status.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jestBin = createRequire(import.meta.url).resolve('jest/bin/jest');

const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--conditions=@platform/source', jestBin, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, 'scripts', 'jest', 'tsconfig.json') },
  },
);
process.exit(result.status ?? 1);
