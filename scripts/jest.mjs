#!/usr/bin/env node
/**
 * Runs jest the way every jest run here goes (`npm run test:unit -- <path>`, `npm test`): the test files
 * run in plain Node (jest-light-runner, child processes), which load TypeScript through tsx and our
 * packages' sources (the `@platform/source` export condition). The runner's processes inherit these
 * flags; the processes tests start do not (they run the built output, as a user's site does).
 * `scripts/jest/tsconfig.json` answers `import … from '@jest/globals'` with the runner's globals.
 *
 * Jest runs in a process group of its own, and whatever is left of that group once jest has exited is
 * stopped: a runner process that a test left busy (a timer, a socket) would otherwise outlive the run and
 * take the machine's cores from whatever runs next (the browser suite, in CI). Ctrl-C and SIGTERM are passed
 * on to the group. Exits with jest's status.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jestBin = createRequire(import.meta.url).resolve('jest/bin/jest');

const jest = spawn(
  process.execPath,
  ['--import', 'tsx', '--conditions=@platform/source', jestBin, ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, 'scripts', 'jest', 'tsconfig.json') },
  },
);

function signalGroup(signal) {
  try {
    process.kill(-jest.pid, signal);
  } catch {
    // The group is gone already.
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => signalGroup(signal));

jest.on('exit', (code) => {
  signalGroup('SIGKILL');
  process.exit(code ?? 1);
});
