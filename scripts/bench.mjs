#!/usr/bin/env node
// `npm run bench`: figures for the platform's hot paths on this machine, printed, never asserted.
// Starts the embedded mode on fresh data, then for a fixed time each:
//   - gateway only:             GET /healthz
//   - gateway → auth (proxied): GET /api/auth/user (session resolution, internal token, 401)
//   - gateway → all services:   GET /readyz
// with a keep-alive client at a fixed concurrency. Bounded in time; loopback only. Then
// scripts/bench-sign-in.mjs: a burst of owners signing up and in, and the cost of one password hash,
// scripts/bench/embedded-footprint.mjs: `npm start`'s time to ready and idle memory,
// scripts/bench/embedded-paths.mjs: catalogue revisits and the time from payment to enrolment, and
// scripts/bench/gateway-overhead.mjs: the gateway beside nginx (a cheap API call, the shell's largest
// script), scripts/bench/tus-upload.ts: a lesson video uploaded resumably (tus) to the course service beside
// a plain POST to a bare node:http server, and scripts/bench/transcode.mjs: a lesson video transcoded into
// HLS beside a direct ffmpeg call.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);

// The front ends too (only what is out of date): the static-file figures serve the shell's build.
const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
const { startEmbedded } = await import('./embedded.mjs');
const startedAt = performance.now();
const site = await startEmbedded({
  env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', NATS_URL: '', POSTGRES_URL: '' },
});
const startupMs = performance.now() - startedAt;
const { port } = new URL(site.url.replace('0.0.0.0', '127.0.0.1'));

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function get(pathname) {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
  });
}

async function measure(label, pathname, expectedStatus) {
  const latencies = [];
  let unexpected = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const status = await get(pathname);
        latencies.push(performance.now() - t0);
        if (status !== expectedStatus) unexpected += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pick = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2);
  const rate = (latencies.length / seconds).toFixed(0);
  console.log(
    `${label.padEnd(36)} ${rate.padStart(7)} req/s   p50 ${pick(0.5)} ms   p99 ${pick(0.99)} ms${unexpected ? `   (${unexpected} unexpected statuses)` : ''}`,
  );
}

console.log(`\nembedded start (one PGlite for six services, fresh data): ${(startupMs / 1000).toFixed(1)} s`);
console.log(`${seconds} s each, ${concurrency} concurrent keep-alive connections\n`);
const rssBefore = process.memoryUsage().rss;
await measure('gateway only   GET /healthz', '/healthz', 200);
await measure('gateway → auth GET /api/auth/user', '/api/auth/user', 401);
await measure('gateway → six  GET /readyz', '/readyz', 200);
console.log(
  `\nprocess RSS: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB (was ${(rssBefore / 2 ** 20).toFixed(0)} MB before the load)`,
);

agent.destroy();
await site.stop();
rmSync(dataDir, { recursive: true, force: true });

// The sign-in burst and the cost of a password hash, in a process of its own (its own event loop and pool).
const signIn = spawnSync(process.execPath, [path.join(root, 'scripts', 'bench-sign-in.mjs'), '--no-build'], {
  stdio: 'inherit',
});
if (signIn.status !== 0) process.exit(signIn.status ?? 1);

// The embedded site as `npm start` runs it: time to ready and idle memory, fresh and restarted.
const footprint = spawnSync(
  process.execPath,
  [path.join(root, 'scripts', 'bench', 'embedded-footprint.mjs')],
  {
    stdio: 'inherit',
  },
);
if (footprint.status !== 0) process.exit(footprint.status ?? 1);

// Catalogue revisits (304s) and the time from payment to enrolment, on a fresh embedded site.
const paths = spawnSync(process.execPath, [path.join(root, 'scripts', 'bench', 'embedded-paths.mjs')], {
  stdio: 'inherit',
});
if (paths.status !== 0) process.exit(paths.status ?? 1);

// The gateway's cost per request beside nginx's, with wrk as the load (a process of its own).
const overhead = spawnSync(process.execPath, [path.join(root, 'scripts', 'bench', 'gateway-overhead.mjs')], {
  stdio: 'inherit',
});
if (overhead.status !== 0) process.exit(overhead.status ?? 1);

// Streaming a 1 GB upload: the gateway on its own, then the distributed mode (needs POSTGRES_URL and
// NATS_URL; it says so otherwise). Each in a process of its own, so memory figures are that process's.
// Then a resumable (tus) lesson-video upload to the course service against a plain POST
// (scripts/bench/tus-upload.ts), and transcoding a lesson video into HLS against a direct ffmpeg call
// (scripts/bench/transcode.mjs).
for (const script of [
  'gateway-upload-memory.ts',
  'distributed-upload-memory.ts',
  'tus-upload.ts',
  'transcode.mjs',
]) {
  const { NODE_OPTIONS: _ignored, ...env } = process.env;
  const run = spawnSync(
    process.execPath,
    ['--conditions=@platform/source', '--import', 'tsx', path.join(root, 'scripts', 'bench', script)],
    { cwd: root, stdio: 'inherit', env },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
