#!/usr/bin/env node
// Benchmark: what the gateway costs per request, beside nginx doing the same job on the same machine, as
// ratios measured side by side in one run. Printed, never asserted. Run by `npm run bench` once the
// workspaces are built (or alone: `node scripts/bench/gateway-overhead.mjs`).
//
//   (a) a cheap JSON GET (`/api/payment/providers`, no database) through the gateway ÷ straight to the
//       payment service, embedded mode (gateway and services in one process); nginx as a reverse proxy to
//       the same service is the anchor (nginx ÷ straight), and a bare node:http proxy in the same process
//       (a keep-alive agent, a signed token, nothing else) shows what any proxy on that thread costs;
//   (b) the shell's largest script through the gateway with `Accept-Encoding: br` (its .br copy), and with
//       `gzip` (its .gz copy), ÷ nginx sending the same .gz copy (`gzip_static on`);
//   (c) lesson media in the embedded mode (docs/decisions.md, 52): a signed `/api/media/…` address through
//       the gateway, which checks the signature and sends the file from the folder, ÷ nginx sending the same
//       file with sendfile; whole-file ranges of a ≈260 KB preview-sized file, and 1 MiB ranges of a larger
//       one; for whole files, a bare node:http server on the same thread that stats the file and writes
//       its bytes from memory (scripts/bench/bare-node.mjs) shows what any Node server reaches there;
//       and a free preview the course ships (`/api/demo-video/free-preview-1.mp4`, docs/decisions.md, 71),
//       whole-file ranges through the gateway, which checks the whitelist it keeps and sends the file
//       from the folder, ÷ nginx sending the same file with sendfile;
//   (d) the distributed mode's hop: the same JSON GET through a gateway process of its own to a payment
//       service process of its own (PGlite, in-process bus: this figure is about HTTP between processes)
//       ÷ straight to that service, with nginx as a reverse proxy to it as the anchor (goal ≥ 0.9), and a
//       bare node:http proxy process (bare-node.mjs: a keep-alive agent and a token) as the most any Node
//       proxy process reaches there.
//
// The load comes from wrk, a process of its own, at BENCH_CONCURRENCY connections (32) for BENCH_SECONDS
// (5) per measurement; the targets take turns for BENCH_ROUNDS rounds (3) and each figure is the median
// of its rounds, so a busy machine slows them alike. Straight to the service and through nginx, wrk sends
// an internal token signed for the run, as the gateway would.
//
// BENCH_ONLY=d (or a,c, …) runs only the sections named. BENCH_GATEWAY_NODE_ARGS adds node options to the
// gateway process of (d), e.g. `--cpu-prof --cpu-prof-dir=/tmp/gateway-prof` to profile it under load.
// BENCH_BASELINE_GATEWAY=<path of another build's main.js> adds that gateway to (d), beside this one, to
// compare two builds in one run.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import { objectFilePath, signMediaUrl } from '@platform/service-kit/storage';
import { startEmbedded } from '@platform/embedded';
import { startBareFileServer, startBareProxy } from './bare-node.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const seconds = Math.min(Number(process.env.BENCH_SECONDS ?? 5), 50);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const shellDir = path.join(root, 'shell', 'dist');
const only = new Set(
  (process.env.BENCH_ONLY ?? 'abcd')
    .toLowerCase()
    .split(/[\s,]*/)
    .filter(Boolean),
);
const gatewayNodeArgs = (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
const baselineGateway = process.env.BENCH_BASELINE_GATEWAY;

function findTool(name) {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  return found || undefined;
}

const wrk = findTool('wrk');
const nginx = findTool('nginx') ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : undefined);
if (!wrk || !nginx) {
  console.log(
    `\ngateway overhead: skipped (needs ${[!wrk && 'wrk', !nginx && 'nginx'].filter(Boolean).join(' and ')})`,
  );
  process.exit(0);
}

/** One GET; resolves with the status, the headers and the body's length as received (still encoded). */
function probe(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`timed out: ${url}`)));
  });
}

/** The shell's largest content-hashed script, with its precompressed copies; undefined if not built so. */
function largestScript() {
  if (!existsSync(shellDir)) return undefined;
  const scripts = readdirSync(shellDir)
    .filter((name) => /\.[0-9a-f]{8,}\.js$/.test(name))
    .map((name) => ({ name, bytes: statSync(path.join(shellDir, name)).size }))
    .sort((a, b) => b.bytes - a.bytes);
  const script = scripts[0];
  if (!script) return undefined;
  const copy = (suffix) => path.join(shellDir, `${script.name}${suffix}`);
  if (!existsSync(copy('.br')) || !existsSync(copy('.gz'))) return undefined;
  return { ...script, br: statSync(copy('.br')).size, gz: statSync(copy('.gz')).size };
}

function startNginx({ dir, port, serviceUrl, mediaDir }) {
  const service = new URL(serviceUrl);
  // One process, as whoever runs the bench (no workers switching to another user): like the gateway.
  const config = `
master_process off;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream service { server ${service.host}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location /api/ {
      proxy_pass http://service;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
    location /media/ {
      alias ${mediaDir}/;
      sendfile on;
      tcp_nopush on;
    }
    location /static/ {
      alias ${shellDir}/;
      gzip_static on;
      add_header Cache-Control "public, max-age=31536000, immutable";
    }
  }
}
`;
  writeFileSync(path.join(dir, 'nginx.conf'), config);
  const child = spawn(
    nginx,
    ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return child;
}

async function waitForStatus(url, headers, status, deadlineMs = 15_000) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    try {
      const answer = await probe(url, headers);
      if (answer.status === status) return answer;
      throw new Error(`${url} answered ${answer.status}`);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Runs wrk once; resolves with requests per second, p50/p99 in ms and the count of non-2xx answers. */
function runWrk(url, headers, duration = seconds) {
  return new Promise((resolve, reject) => {
    const args = ['-t1', `-c${concurrency}`, `-d${duration}s`, '--latency'];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    args.push(url);
    const child = spawn(wrk, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`wrk exited ${code}:\n${out}`));
        return;
      }
      const ms = (text) => {
        const match = /([\d.]+)(us|ms|s)\b/.exec(text ?? '');
        if (!match) return NaN;
        const value = Number(match[1]);
        return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
      };
      resolve({
        rate: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
        p50: ms(/\b50%\s+(\S+)/.exec(out)?.[1]),
        p99: ms(/\b99%\s+(\S+)/.exec(out)?.[1]),
        errors: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
      });
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Each target in turn, `rounds` times (after a short warm-up each); the median figures per target. */
async function sideBySide(targets) {
  for (const target of targets) await runWrk(target.url, target.headers(), 1);
  const runs = new Map(targets.map((target) => [target.label, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const target of targets) runs.get(target.label).push(await runWrk(target.url, target.headers()));
  }
  return new Map(
    targets.map((target) => {
      const results = runs.get(target.label);
      return [
        target.label,
        {
          rate: median(results.map((r) => r.rate)),
          p50: median(results.map((r) => r.p50)),
          p99: median(results.map((r) => r.p99)),
          errors: results.reduce((sum, r) => sum + r.errors, 0),
        },
      ];
    }),
  );
}

function printFigures(figures) {
  for (const [label, f] of figures) {
    console.log(
      `  ${label.padEnd(44)} ${f.rate.toFixed(0).padStart(7)} req/s   p50 ${f.p50.toFixed(2)} ms   p99 ${f.p99.toFixed(2)} ms${f.errors ? `   (${f.errors} non-2xx)` : ''}`,
    );
  }
}

const ratio = (figures, a, b) => (figures.get(a).rate / figures.get(b).rate).toFixed(2);

const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-gateway-'));
const secret = randomBytes(32).toString('hex');
const site = await startEmbedded({
  env: {
    ...process.env,
    PORT: '0',
    DATA_DIR: path.join(workDir, 'data'),
    LOG_LEVEL: 'silent',
    NATS_URL: '',
    POSTGRES_URL: '',
    INTERNAL_TOKEN_SECRET: secret,
  },
});
const gatewayUrl = site.url.replace('0.0.0.0', '127.0.0.1');
const serviceUrl = site.services.payment;
const nginxPort = await freePort();
const nginxUrl = `http://127.0.0.1:${nginxPort}`;
const nginxDir = path.join(workDir, 'nginx');
mkdirSync(nginxDir);
// The embedded services share DATA_DIR/objects (a LocalObjectStore root); the gateway serves from there.
const mediaRoot = path.join(workDir, 'data', 'objects');
const nginxProcess = startNginx({
  dir: nginxDir,
  port: nginxPort,
  serviceUrl,
  mediaDir: path.join(mediaRoot, 'objects'),
});
const bareProxy = await startBareProxy(serviceUrl, secret);
// A token lives a minute at most: one per wrk run, signed as the gateway signs it.
const tokenHeaders = () => ({
  [INTERNAL_TOKEN_HEADER]: signInternalToken({ kind: 'anonymous' }, secret, { ttlSeconds: 60 }),
});

const cleanups = [];

/** A Node process of the build, its output dropped unless it fails; stopped with SIGTERM. */
function startNodeProcess(script, env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, path.resolve(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}

/**
 * The distributed mode's hop on its own: a payment service process and a gateway process, the gateway's
 * other services being the embedded site's, and an nginx in front of that payment process.
 */
async function startDistributedPair() {
  const stops = [];
  const stop = async () => {
    for (const each of stops.reverse()) await each();
  };
  try {
    const servicePort = await freePort();
    const serviceUrl = `http://127.0.0.1:${servicePort}`;
    stops.push(
      startNodeProcess('services/payment/dist/main.js', {
        PORT: String(servicePort),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(workDir, 'distributed'),
        LOG_LEVEL: 'silent',
        NATS_URL: '',
        PAYMENT_DATABASE_URL: '',
        INTERNAL_TOKEN_SECRET: secret,
      }),
    );
    const gatewayPort = await freePort();
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    const serviceUrls = Object.fromEntries(
      Object.entries(site.services).map(([name, url]) => [`${name.toUpperCase()}_SERVICE_URL`, url]),
    );
    stops.push(
      startNodeProcess(
        'gateway/dist/main.js',
        {
          ...serviceUrls,
          PAYMENT_SERVICE_URL: serviceUrl,
          PORT: String(gatewayPort),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          INTERNAL_TOKEN_SECRET: secret,
        },
        gatewayNodeArgs,
      ),
    );
    // The least a Node proxy process does (scripts/bench/bare-node.mjs): the ceiling of any Node gateway.
    const barePort = await freePort();
    const bareUrl = `http://127.0.0.1:${barePort}`;
    stops.push(
      startNodeProcess('scripts/bench/bare-node.mjs', {
        BARE_PROXY_TARGET: serviceUrl,
        INTERNAL_TOKEN_SECRET: secret,
        PORT: String(barePort),
      }),
    );
    const baselinePort = baselineGateway ? await freePort() : undefined;
    const baselineUrl = baselinePort ? `http://127.0.0.1:${baselinePort}` : undefined;
    if (baselineGateway) {
      stops.push(
        startNodeProcess(path.resolve(baselineGateway), {
          ...serviceUrls,
          PAYMENT_SERVICE_URL: serviceUrl,
          PORT: String(baselinePort),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
          INTERNAL_TOKEN_SECRET: secret,
        }),
      );
    }
    const port = await freePort();
    const dir = path.join(workDir, 'nginx-distributed');
    mkdirSync(dir);
    const proxy = startNginx({ dir, port, serviceUrl, mediaDir: dir });
    stops.push(async () => {
      const exited = new Promise((resolve) => proxy.once('exit', resolve));
      proxy.kill('SIGQUIT');
      await exited;
    });
    const nginxUrl = `http://127.0.0.1:${port}`;
    const api = '/api/payment/providers';
    await waitForStatus(`${serviceUrl}${api}`, tokenHeaders(), 200, 60_000);
    await waitForStatus(`${gatewayUrl}${api}`, {}, 200, 60_000);
    if (baselineUrl) await waitForStatus(`${baselineUrl}${api}`, {}, 200, 60_000);
    await waitForStatus(`${bareUrl}${api}`, {}, 200, 60_000);
    await waitForStatus(`${nginxUrl}${api}`, tokenHeaders(), 200);
    return { serviceUrl, gatewayUrl, baselineUrl, bareUrl, nginxUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

try {
  const api = '/api/payment/providers';
  await waitForStatus(`${nginxUrl}${api}`, tokenHeaders(), 200);
  await waitForStatus(`${serviceUrl}${api}`, tokenHeaders(), 200);
  await waitForStatus(`${gatewayUrl}${api}`, {}, 200);
  await waitForStatus(`${bareProxy.url}${api}`, {}, 200);
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `\ngateway overhead (${os.cpus().length} CPUs, load average ${load}; wrk, ${concurrency} connections, ` +
      `${seconds} s × ${rounds} rounds, medians)`,
  );

  if (only.has('a')) {
    console.log(`\n(a) cheap JSON GET ${api}, embedded mode`);
    const apiFigures = await sideBySide([
      { label: 'straight to the payment service', url: `${serviceUrl}${api}`, headers: tokenHeaders },
      { label: 'nginx → payment service', url: `${nginxUrl}${api}`, headers: tokenHeaders },
      { label: 'bare node:http proxy → payment service', url: `${bareProxy.url}${api}`, headers: () => ({}) },
      { label: 'gateway → payment service', url: `${gatewayUrl}${api}`, headers: () => ({}) },
    ]);
    printFigures(apiFigures);
    console.log(
      `  gateway ÷ straight ${ratio(apiFigures, 'gateway → payment service', 'straight to the payment service')} ` +
        `(goal ≥ 0.7)   nginx ÷ straight ${ratio(apiFigures, 'nginx → payment service', 'straight to the payment service')}   ` +
        `bare node:http proxy ÷ straight ${ratio(apiFigures, 'bare node:http proxy → payment service', 'straight to the payment service')}`,
    );
    // One thread serves both paths, so what the gateway path loses is the gateway's own work.
    const own =
      1 -
      apiFigures.get('gateway → payment service').rate /
        apiFigures.get('straight to the payment service').rate;
    console.log(
      `  the gateway's own work: ${(own * 100).toFixed(0)} % of a request through it (goal ≤ 25 %)`,
    );
  }

  const script = only.has('b') ? largestScript() : undefined;
  if (!only.has('b')) {
    // not asked for (BENCH_ONLY)
  } else if (!script) {
    console.log(
      '\n(b) skipped: build the front ends first (`npm run build` writes shell/dist with .br and .gz copies)',
    );
  } else {
    const file = `/${script.name}`;
    const checks = [
      [`${gatewayUrl}${file}`, 'br', script.br],
      [`${gatewayUrl}${file}`, 'gzip', script.gz],
      [`${nginxUrl}/static${file}`, 'gzip', script.gz],
    ];
    for (const [url, encoding, bytes] of checks) {
      const answer = await waitForStatus(url, { 'accept-encoding': encoding }, 200);
      if (answer.headers['content-encoding'] !== encoding || answer.bytes !== bytes) {
        throw new Error(
          `${url} sent ${answer.bytes} bytes as ${answer.headers['content-encoding']}, not the ${encoding} copy`,
        );
      }
    }
    const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
    console.log(
      `\n(b) the shell's largest script ${script.name} (${kb(script.bytes)}; .br ${kb(script.br)}, .gz ${kb(script.gz)})`,
    );
    const staticFigures = await sideBySide([
      {
        label: 'nginx gzip_static (.gz)',
        url: `${nginxUrl}/static${file}`,
        headers: () => ({ 'accept-encoding': 'gzip' }),
      },
      {
        label: 'gateway, Accept-Encoding: br (.br)',
        url: `${gatewayUrl}${file}`,
        headers: () => ({ 'accept-encoding': 'br' }),
      },
      {
        label: 'gateway, Accept-Encoding: gzip (.gz)',
        url: `${gatewayUrl}${file}`,
        headers: () => ({ 'accept-encoding': 'gzip' }),
      },
    ]);
    printFigures(staticFigures);
    console.log(
      `  gateway br ÷ nginx ${ratio(staticFigures, 'gateway, Accept-Encoding: br (.br)', 'nginx gzip_static (.gz)')}   ` +
        `gateway gzip ÷ nginx ${ratio(staticFigures, 'gateway, Accept-Encoding: gzip (.gz)', 'nginx gzip_static (.gz)')} (same bytes)`,
    );
  }

  if (only.has('c')) {
    console.log(
      '\n(c) lesson media, embedded mode: a signed /api/media address through the gateway ÷ nginx sendfile',
    );
  }
  const mediaCases = !only.has('c')
    ? []
    : [
        { label: '≈260 KB file, whole-file ranges', key: 'bench/preview.mp4', bytes: 260 * 1024, range: [0] },
        {
          label: '8 MiB file, 1 MiB ranges',
          key: 'bench/lesson.mp4',
          bytes: 8 * 1024 * 1024,
          range: [1024 * 1024, 2 * 1024 * 1024 - 1],
        },
      ];
  for (const media of mediaCases) {
    const file = objectFilePath(mediaRoot, media.key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(media.bytes));
    // Signed as the course service signs (the same secret); valid for the whole run.
    const signed = signMediaUrl(media.key, secret, {
      contentType: 'video/mp4',
      contentDisposition: 'inline',
      expiresInSeconds: 3600,
    });
    const range = { range: `bytes=${media.range[0]}-${media.range[1] ?? ''}` };
    const expected = (media.range[1] ?? media.bytes - 1) - media.range[0] + 1;
    const targets = [
      { label: 'nginx sendfile', url: `${nginxUrl}/media/${media.key}`, status: 206 },
      { label: 'gateway /api/media (signed)', url: `${gatewayUrl}${signed}`, status: 206 },
    ];
    // For whole files, the ceiling of any Node server on this thread: a stat, then the bytes from memory
    // (the same bytes, answered 200), nothing else.
    const bare = media.range[1] === undefined ? await startBareFileServer(file) : undefined;
    const bareLabel = 'bare node:http, stat + bytes from memory';
    if (bare) targets.push({ label: bareLabel, url: `${bare.url}/`, status: 200 });
    try {
      for (const target of targets) {
        const answer = await waitForStatus(target.url, range, target.status);
        if (answer.bytes !== expected)
          throw new Error(`${target.url} sent ${answer.bytes} bytes, not ${expected}`);
      }
      console.log(`  ${media.label}`);
      const mediaFigures = await sideBySide(targets.map((target) => ({ ...target, headers: () => range })));
      printFigures(mediaFigures);
      console.log(
        `  gateway ÷ nginx ${ratio(mediaFigures, targets[1].label, targets[0].label)}` +
          (bare
            ? ` (goal ≥ 0.3)   bare node:http ÷ nginx ${ratio(mediaFigures, bareLabel, targets[0].label)}` +
              `   gateway ÷ bare node:http ${ratio(mediaFigures, targets[1].label, bareLabel)}`
            : ''),
      );
    } finally {
      await bare?.close();
    }
  }

  if (only.has('c')) {
    const file = 'free-preview-1.mp4';
    const key = `course-media/${file}`;
    const size = statSync(objectFilePath(mediaRoot, key)).size;
    const range = { range: 'bytes=0-' };
    // The same file at a signed address beside it: what the preview's whitelist costs over the signature.
    const signed = signMediaUrl(key, secret, {
      contentType: 'video/mp4',
      contentDisposition: 'inline',
      expiresInSeconds: 3600,
    });
    const targets = [
      { label: 'nginx sendfile', url: `${nginxUrl}/media/${key}` },
      { label: 'gateway /api/demo-video (free preview)', url: `${gatewayUrl}/api/demo-video/${file}` },
      { label: 'gateway /api/media (signed), same file', url: `${gatewayUrl}${signed}` },
    ];
    for (const target of targets) {
      const answer = await waitForStatus(target.url, range, 206);
      if (answer.bytes !== size) throw new Error(`${target.url} sent ${answer.bytes} bytes, not ${size}`);
    }
    console.log(`  free preview ${file} (${Math.round(size / 1024)} KB), whole-file ranges`);
    const previewFigures = await sideBySide(targets.map((target) => ({ ...target, headers: () => range })));
    printFigures(previewFigures);
    console.log(
      `  free preview through the gateway ÷ nginx ${ratio(previewFigures, targets[1].label, targets[0].label)} (goal ≥ 0.3)   ` +
        `free preview ÷ signed ${ratio(previewFigures, targets[1].label, targets[2].label)}`,
    );
  }

  if (only.has('d')) {
    const baselineLabel = 'baseline gateway → payment service';
    console.log(
      `\n(d) cheap JSON GET ${api}, distributed mode: a gateway process → a payment service process`,
    );
    const distributed = await startDistributedPair();
    cleanups.push(distributed.stop);
    const distributedFigures = await sideBySide([
      {
        label: 'straight to the payment service',
        url: `${distributed.serviceUrl}${api}`,
        headers: tokenHeaders,
      },
      { label: 'nginx → payment service', url: `${distributed.nginxUrl}${api}`, headers: tokenHeaders },
      {
        label: 'bare node:http proxy process → service',
        url: `${distributed.bareUrl}${api}`,
        headers: () => ({}),
      },
      { label: 'gateway → payment service', url: `${distributed.gatewayUrl}${api}`, headers: () => ({}) },
      ...(distributed.baselineUrl
        ? [{ label: baselineLabel, url: `${distributed.baselineUrl}${api}`, headers: () => ({}) }]
        : []),
    ]);
    printFigures(distributedFigures);
    console.log(
      `  gateway ÷ straight ${ratio(distributedFigures, 'gateway → payment service', 'straight to the payment service')} ` +
        `(goal ≥ 0.9)   nginx ÷ straight ${ratio(distributedFigures, 'nginx → payment service', 'straight to the payment service')}   ` +
        `bare node:http proxy ÷ straight ${ratio(distributedFigures, 'bare node:http proxy process → service', 'straight to the payment service')}` +
        (distributed.baselineUrl
          ? `   baseline gateway ÷ straight ${ratio(distributedFigures, baselineLabel, 'straight to the payment service')}`
          : ''),
    );
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
  const stopped = new Promise((resolve) => nginxProcess.once('exit', resolve));
  nginxProcess.kill('SIGQUIT');
  const force = setTimeout(() => nginxProcess.kill('SIGKILL'), 5_000);
  await stopped;
  clearTimeout(force);
  await bareProxy.close();
  await site.stop();
  rmSync(workDir, { recursive: true, force: true });
}
