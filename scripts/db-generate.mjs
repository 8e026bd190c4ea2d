#!/usr/bin/env node
// Generates drizzle-kit migrations for every service (or the ones named), then makes their
// `CREATE SCHEMA` idempotent: drizzle's migrator creates the service schema for its own bookkeeping
// table before it runs the first migration.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const all = ['auth', 'course', 'consultation', 'payment', 'revenue', 'notification'];
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const nameArg = process.argv.find((a) => a.startsWith('--name='));
const services = args.length ? args : all;
const drizzleKit = path.join(root, 'node_modules', '.bin', 'drizzle-kit');

for (const service of services) {
  const dir = path.join(root, 'services', service);
  const result = spawnSync(
    drizzleKit,
    ['generate', '--config', 'drizzle.config.ts', ...(nameArg ? ['--name', nameArg.slice(7)] : [])],
    { cwd: dir, stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '--conditions=@platform/source' } },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  const out = path.join(dir, 'drizzle');
  if (!existsSync(out)) continue;
  for (const file of readdirSync(out).filter((f) => f.endsWith('.sql'))) {
    const full = path.join(out, file);
    const sql = readFileSync(full, 'utf8');
    const fixed = sql.replace(/^CREATE SCHEMA "([^"]+)";/gm, 'CREATE SCHEMA IF NOT EXISTS "$1";');
    if (fixed !== sql) writeFileSync(full, fixed);
  }
}
