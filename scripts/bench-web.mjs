#!/usr/bin/env node
// `npm run bench:web`: Lighthouse figures for the public site, printed next to their targets, never
// asserted. Builds for production, starts the embedded mode on a free port with fresh data, runs
// Lighthouse 12 (mobile preset, performance + accessibility) on / and /services, and measures the
// JavaScript of the first view of / (gzip bytes on the wire). Stops the site and exits 0.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const verbose = process.argv.includes('--verbose');
const pages = ['/', '/services'];
const TARGETS = { performance: 95, accessibility: 95, firstViewJsKb: 170 };
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} ${args.join(' ')} exited ${result.status}`);
  return result;
}

function getFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** GET with the given Accept-Encoding; resolves with the status and the raw (still encoded) body size. */
function fetchRaw(url, acceptEncoding = 'identity') {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          bytes,
          encoding: response.headers['content-encoding'] ?? 'none',
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(5_000, () => request.destroy(new Error(`timed out: ${url}`)));
  });
}

async function waitUntilReady(baseUrl, site, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (site.exitCode !== null) throw new Error(`the site exited with code ${site.exitCode} while starting`);
    try {
      if ((await fetchRaw(`${baseUrl}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the site was not ready within ${timeoutMs / 1000} s`);
}

function stopSite(site) {
  if (site.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => site.kill('SIGKILL'), 15_000);
    site.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    site.kill('SIGTERM');
  });
}

function runLighthouse(url, outputPath) {
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${outputPath}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--quiet',
    ],
    {
      cwd: root,
      stdio: ['ignore', verbose ? 'inherit' : 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    },
  );
  if (result.status !== 0) throw new Error(`lighthouse exited ${result.status} on ${url}`);
  return JSON.parse(readFileSync(outputPath, 'utf8'));
}

const score = (report, category) => Math.round((report.categories[category]?.score ?? 0) * 100);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const mark = (ok) => (ok ? 'ok' : 'MISSED');

function printMetrics(report) {
  const metric = (id) => report.audits[id]?.displayValue ?? 'n/a';
  console.log(
    `    FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
      `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
  );
  for (const category of ['performance', 'accessibility']) {
    const failing = report.categories[category].auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => report.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 0.9);
    if (failing.length) {
      console.log(
        `    ${category} audits below 0.9: ${failing.map((a) => `${a.id} (${a.score})`).join(', ')}`,
      );
    }
  }
}

/** The scripts Lighthouse saw on the first view, measured again as gzip on the wire. */
async function measureFirstViewJs(report) {
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script' && /^https?:/.test(item.url));
  const rows = [];
  for (const script of scripts) {
    const gzip = await fetchRaw(script.url, 'gzip');
    const identity = await fetchRaw(script.url, 'identity');
    rows.push({
      url: script.url,
      transferred: script.transferSize ?? 0,
      gzip: gzip.bytes,
      raw: identity.bytes,
      status: gzip.status,
    });
  }
  return rows;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
const reportDir = mkdtempSync(path.join(tmpdir(), 'bench-web-reports-'));
let site;
try {
  run(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--force']);

  const port = await getFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  site = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    stdio: ['ignore', verbose ? 'inherit' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      POSTGRES_URL: '',
      NATS_URL: '',
    },
  });
  await waitUntilReady(baseUrl, site);
  console.log(`\nsite ready at ${baseUrl}; running Lighthouse (mobile preset) on ${pages.join(', ')}\n`);

  const results = [];
  for (const page of pages) {
    const report = runLighthouse(
      `${baseUrl}${page}`,
      path.join(reportDir, `${page.replace(/\W+/g, '_') || 'home'}.json`),
    );
    results.push({ page, report });
  }

  for (const { page, report } of results) {
    const performance = score(report, 'performance');
    const accessibility = score(report, 'accessibility');
    console.log(`${page}`);
    console.log(
      `  performance   ${String(performance).padStart(3)}  (target ≥ ${TARGETS.performance}: ${mark(performance >= TARGETS.performance)})`,
    );
    console.log(
      `  accessibility ${String(accessibility).padStart(3)}  (target ≥ ${TARGETS.accessibility}: ${mark(accessibility >= TARGETS.accessibility)})`,
    );
    printMetrics(report);
  }

  const home = results.find((result) => result.page === '/');
  const scripts = await measureFirstViewJs(home.report);
  const gzipTotal = scripts.reduce((sum, row) => sum + row.gzip, 0);
  const transferredTotal = scripts.reduce((sum, row) => sum + row.transferred, 0);
  const rawTotal = scripts.reduce((sum, row) => sum + row.raw, 0);
  console.log(`\nfirst view of / : ${scripts.length} scripts`);
  console.log(
    `  JS gzip ${kb(gzipTotal)} KB  (target ≤ ${TARGETS.firstViewJsKb} KB: ${mark(gzipTotal / 1024 <= TARGETS.firstViewJsKb)})` +
      `; as Lighthouse transferred it ${kb(transferredTotal)} KB; uncompressed ${kb(rawTotal)} KB`,
  );
  for (const row of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `    ${kb(row.gzip).padStart(7)} KB gzip  ${kb(row.raw).padStart(7)} KB raw  ${new URL(row.url).pathname}`,
    );
  }
  // The site serves the dist/ folders live: a build running meanwhile replaces hashed files.
  const missing = scripts.filter((row) => row.status !== 200);
  if (missing.length) {
    console.log(
      `  WARNING: ${missing.length} script(s) answered ${[...new Set(missing.map((row) => row.status))].join('/')} ` +
        'when measured again (a build replaced dist/ during the run?): the total is too low; run again.',
    );
  }
  console.log(`\nLighthouse reports: ${reportDir}`);
} catch (error) {
  console.error(`bench:web failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (site) await stopSite(site);
  rmSync(dataDir, { recursive: true, force: true });
}
