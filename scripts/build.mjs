#!/usr/bin/env node
// Builds what is not built (or is older than its sources): Node workspaces with SWC (src → dist,
// type-checking is `npm run typecheck`'s job), front ends with rspack for production (each compressible
// file gets `.br` and `.gz` copies beside it: scripts/precompress.mjs), then the public pages' HTML
// (scripts/prerender.mjs). `--force` rebuilds everything, `--node-only` skips the front ends.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformFile } from '@swc/core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const nodeOnly = process.argv.includes('--node-only');

const nodeWorkspaces = [
  'packages/contracts',
  'packages/service-kit',
  'services/auth',
  'services/course',
  'services/consultation',
  'services/payment',
  'services/revenue',
  'services/notification',
  'gateway',
  'packages/embedded',
];
const webWorkspaces = ['shell', 'mfe-public', 'mfe-member', 'mfe-admin'];

function walk(dir, skip = () => false) {
  const files = [];
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (skip(full, entry)) continue;
    if (entry.isDirectory()) files.push(...walk(full, skip));
    else files.push(full);
  }
  return files;
}

function newest(files) {
  return files.reduce((max, file) => Math.max(max, statSync(file).mtimeMs), 0);
}

const isTestDir = (full, entry) =>
  entry.isDirectory() && (entry.name === '__tests__' || entry.name === 'node_modules');

async function buildNodeWorkspace(workspace) {
  const src = path.join(root, workspace, 'src');
  const dist = path.join(root, workspace, 'dist');
  const sources = walk(src, isTestDir).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
  const stamp = path.join(dist, '.build-stamp');
  if (!force && existsSync(stamp) && statSync(stamp).mtimeMs >= newest(sources)) return false;
  rmSync(dist, { recursive: true, force: true });
  await Promise.all(
    sources.map(async (file) => {
      const { code, map } = await transformFile(file, {
        jsc: { parser: { syntax: 'typescript', tsx: file.endsWith('.tsx') }, target: 'es2022' },
        module: { type: 'es6' },
        sourceMaps: true,
      });
      const out = path.join(dist, path.relative(src, file)).replace(/\.tsx?$/, '.js');
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, `${code}\n//# sourceMappingURL=${path.basename(out)}.map\n`);
      if (map) writeFileSync(`${out}.map`, map);
    }),
  );
  writeFileSync(stamp, new Date().toISOString());
  return true;
}

function buildWebWorkspace(workspace) {
  const dir = path.join(root, workspace);
  if (!existsSync(path.join(dir, 'rspack.config.mjs'))) return false;
  const sources = [
    ...walk(path.join(dir, 'src'), isTestDir),
    ...walk(path.join(root, 'packages/ui/src'), isTestDir),
    // The front ends bundle the contracts' build (their schemas, and zod's browser settings).
    ...walk(path.join(root, 'packages/contracts/src'), isTestDir),
    path.join(dir, 'rspack.config.mjs'),
    // The build every front end shares, and its precompressed copies.
    path.join(root, 'scripts', 'rspack-shared.mjs'),
    path.join(root, 'scripts', 'rspack-shared-api.mjs'),
    path.join(root, 'scripts', 'precompress.mjs'),
  ];
  // The shell owns Tailwind's output for every front end, so it scans (and depends on) the remotes' sources.
  if (workspace === 'shell') {
    for (const remote of webWorkspaces.filter((w) => w !== 'shell'))
      sources.push(...walk(path.join(root, remote, 'src'), isTestDir));
  }
  const stamp = path.join(dir, 'dist', '.build-stamp');
  if (!force && existsSync(stamp) && statSync(stamp).mtimeMs >= newest(sources)) return false;
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'rspack'),
    ['build', '--config', 'rspack.config.mjs'],
    {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error(`${workspace}: rspack build failed`);
  writeFileSync(stamp, new Date().toISOString());
  return true;
}

const started = Date.now();
const built = [];
for (const workspace of nodeWorkspaces) if (await buildNodeWorkspace(workspace)) built.push(workspace);
if (!nodeOnly) {
  for (const workspace of webWorkspaces) if (buildWebWorkspace(workspace)) built.push(workspace);
  // The pages and their entry are the shell's and mfe-public's components; the shell's build empties its dist/.
  const prerendered = path.join(root, 'shell', 'dist', 'prerendered');
  const renderers = ['prerender.mjs', 'prerender-entry.mjs', 'public-entry.mjs'].map((name) =>
    path.join(root, 'scripts', name),
  );
  if (
    built.includes('shell') ||
    built.includes('mfe-public') ||
    !existsSync(prerendered) ||
    statSync(prerendered).mtimeMs < newest(renderers)
  ) {
    const { prerenderPublicPages } = await import('./prerender.mjs');
    await prerenderPublicPages();
    built.push('prerendered pages');
  }
}
console.log(
  built.length
    ? `built ${built.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`
    : 'everything is up to date',
);
