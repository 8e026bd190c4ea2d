#!/usr/bin/env node
// `npm run dev`: the development loop. The front ends rebuild on every change (rspack --watch, development
// mode; refresh the browser to see it) and the embedded site runs from the TypeScript sources under
// `node --watch`, so a change to any service, the gateway or a package restarts it. Logs are pretty-printed
// (pino-pretty). Data is kept under DATA_DIR (default ./data), as with `npm start`. Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rspack = path.join(root, 'node_modules', '.bin', 'rspack');
const webWorkspaces = ['shell', 'mfe-public', 'mfe-member', 'mfe-admin'];
// Development builds go to dist-dev/, so they never mix with the production builds `npm start` serves.
const devDir = (workspace) => path.join(root, workspace, 'dist-dev');
const env = {
  ...process.env,
  NODE_ENV: 'development',
  LOG_PRETTY: process.env.LOG_PRETTY ?? 'true',
  SHELL_DIR: devDir('shell'),
  MFE_PUBLIC_DIR: devDir('mfe-public'),
  MFE_MEMBER_DIR: devDir('mfe-member'),
  MFE_ADMIN_DIR: devDir('mfe-admin'),
};

// The Node workspaces' dist/ is what `npm start` runs; the watched site below runs the sources instead,
// but the first build makes sure every package resolves.
const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--node-only'], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const children = [
  ...webWorkspaces.map((workspace) =>
    spawn(
      rspack,
      [
        'build',
        '--watch',
        '--config',
        'rspack.config.mjs',
        '--mode',
        'development',
        '--output-path',
        devDir(workspace),
      ],
      {
        cwd: path.join(root, workspace),
        stdio: 'inherit',
        env,
      },
    ),
  ),
  spawn(
    process.execPath,
    [
      '--watch',
      '--watch-preserve-output',
      '--conditions=@platform/source',
      '--import',
      'tsx',
      path.join(root, 'scripts', 'start-embedded.mjs'),
    ],
    { cwd: root, stdio: 'inherit', env },
  ),
];

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
  });
}
let running = children.length;
for (const child of children) {
  child.on('exit', (code) => {
    running -= 1;
    // One part failing to start is not a development loop: stop the rest too.
    if (!stopping && code !== 0 && code !== null) {
      stopping = true;
      for (const other of children) other.kill('SIGTERM');
    }
    if (running === 0) process.exit(stopping ? 0 : (code ?? 0));
  });
}
