#!/usr/bin/env node
// `npm run start:distributed`: each service and the gateway as its own process, against the local
// PostgreSQL (POSTGRES_URL or <SERVICE>_DATABASE_URL), NATS (NATS_URL) and S3 (S3_ENDPOINT, or an s3rver
// started here). Builds what is not built first.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const { startDistributed } = await import('./distributed.mjs');
let system;
try {
  system = await startDistributed();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(
  `\n  Distributed mode: gateway at ${system.url}; services on ports ${Object.values(system.servicePorts).join(', ')}.\n  Stop with Ctrl-C.\n`,
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    system.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
