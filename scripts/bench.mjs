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
// HLS beside a direct ffmpeg call. What it printed is written to docs/performance.md (below the
// document's own description of each part), with the date and the machine it ran on.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const loadAtStart = os.loadavg()[0];

/** What each part printed, in order, for docs/performance.md. */
const parts = [];
let current = { title: 'gateway hops on the embedded site', lines: [] };
parts.push(current);
function print(line) {
  console.log(line);
  current.lines.push(line);
}

/** Runs one part in a process of its own, printing as it goes and keeping what it printed. */
function runPart(title, args, options = {}) {
  current = { title, lines: [] };
  parts.push(current);
  const part = current;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options });
    let text = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      text += chunk;
    });
    child.on('close', (status) => {
      // The sites the parts start print the admin's one-time password in a box: not for the document.
      const kept = text
        .replace(/\n+$/, '')
        .split('\n')
        .filter((line) => !/^\+-+\+$/.test(line) && !/^\|.*\|$/.test(line));
      part.lines.push(...kept);
      if (status !== 0) process.exit(status ?? 1);
      resolve();
    });
  });
}

// The front ends too (only what is out of date): the static-file figures serve the shell's build.
const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
const { startEmbedded } = await import('@platform/embedded');
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
  print(
    `${label.padEnd(36)} ${rate.padStart(7)} req/s   p50 ${pick(0.5)} ms   p99 ${pick(0.99)} ms${unexpected ? `   (${unexpected} unexpected statuses)` : ''}`,
  );
}

print(`embedded start (one PGlite for six services, fresh data): ${(startupMs / 1000).toFixed(1)} s`);
print(`${seconds} s each, ${concurrency} concurrent keep-alive connections`);
const rssBefore = process.memoryUsage().rss;
await measure('gateway only   GET /healthz', '/healthz', 200);
await measure('gateway → auth GET /api/auth/user', '/api/auth/user', 401);
await measure('gateway → six  GET /readyz', '/readyz', 200);
print(
  `process RSS: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB (was ${(rssBefore / 2 ** 20).toFixed(0)} MB before the load)`,
);

agent.destroy();
await site.stop();
rmSync(dataDir, { recursive: true, force: true });

// The sign-in burst and the cost of a password hash, in a process of its own (its own event loop and pool).
await runPart('sign-in burst', [path.join(root, 'scripts', 'bench-sign-in.mjs'), '--no-build']);

// The embedded site as `npm start` runs it: time to ready and idle memory, fresh and restarted.
await runPart('embedded start and memory', [path.join(root, 'scripts', 'bench', 'embedded-footprint.mjs')]);

// Catalogue revisits (304s) and the time from payment to enrolment, on a fresh embedded site.
await runPart('catalogue revisits and payment to enrolment', [
  path.join(root, 'scripts', 'bench', 'embedded-paths.mjs'),
]);

// What members do, at 1, 50 and 200 at once: throughput, latency, answers by status, and the p99 ratio.
await runPart('member mix at 1, 50 and 200 users', [path.join(root, 'scripts', 'bench', 'member-mix.mjs')]);

// The gateway's cost per request beside nginx's, with wrk as the load (a process of its own).
await runPart('gateway beside nginx', [path.join(root, 'scripts', 'bench', 'gateway-overhead.mjs')]);

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
  await runPart(
    script.replace(/\.(ts|mjs)$/, ''),
    ['--conditions=@platform/source', '--import', 'tsx', path.join(root, 'scripts', 'bench', script)],
    { cwd: root, env },
  );
}

// docs/performance.md: its own description of the parts, then this run's figures in place of the last.
const docPath = path.join(root, 'docs', 'performance.md');
const marker = '<!-- npm run bench writes everything below this line -->';
const head = readFileSync(docPath, 'utf8').split(marker)[0];
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
  cwd: root,
  encoding: 'utf8',
}).stdout.trim();
const machine = [
  '| run | |',
  '| --- | --- |',
  `| date | ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC |`,
  `| commit | ${commit || 'unknown'} |`,
  `| machine | ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()} |`,
  `| Node.js | ${process.version} |`,
  `| load average (1 min) | ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end |`,
  `| settings | BENCH_SECONDS=${seconds}, BENCH_CONCURRENCY=${concurrency} |`,
];
const sections = parts
  .filter((part) => part.lines.some((line) => line.trim()))
  .map((part) => [`### ${part.title}`, '', '```text', ...part.lines, '```', ''].join('\n'));
const prettier = await import('prettier');
const document = [head.trimEnd(), '', marker, '', '## Latest run', '', ...machine, '', ...sections].join(
  '\n',
);
writeFileSync(
  docPath,
  await prettier.format(document, { ...(await prettier.resolveConfig(docPath)), parser: 'markdown' }),
);
console.log(`\nwrote ${path.relative(root, docPath)}`);
