#!/usr/bin/env node
// `npm run bench:web`: Lighthouse figures for the public site, printed next to their targets, never
// asserted. Builds for production, starts the embedded mode on a free port with fresh data, waits (up to
// --quiet-wait seconds) for the machine's 1-minute load average to fall below 1, runs Lighthouse 12
// (mobile preset, performance + accessibility) on the prerendered public pages (/, /services,
// /old-landing, /pricing) and prints the medians with the load average before and after, and measures
// the JavaScript of each page's first view: as transferred (brotli bodies and headers, as Lighthouse
// counted them; gzip bodies beside) and executed (the scripts' uncompressed bytes, all of which the first
// view runs). Stops the site and exits 0.
// The ceiling, in the same run: each page is also measured, interleaved with the real one (same load),
// as its HTML with every script removed, served by a bare `node:http` server in front of the site that
// strips the scripts at read time (this bench only; the site is unchanged). Per page it prints the real
// total blocking time's median, the scriptless page's, and the difference: what the page's JavaScript
// costs. A scriptless page above the goal alone means the machine and the page's weight bound the goal.
//   --runs N     Lighthouse N times per page (3 by default), in turns (page after page), and print the
//                medians: TBT is noisy on a shared machine; the byte counts are not.
//   --quiet-wait S  wait at most S seconds (120 by default) for the load average to fall below 1.
//   --no-build   use the build already on disk (scripts/build.mjs).
//   --pages /a,/b  only these pages.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const verbose = process.argv.includes('--verbose');
function argValue(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}
const pages = argValue('--pages')?.split(',') ?? ['/', '/services', '/old-landing', '/pricing'];
const runs = Math.max(1, Number(argValue('--runs') ?? 3));
const quietWaitSeconds = Number(argValue('--quiet-wait') ?? 120);
const build = !process.argv.includes('--no-build');
const TARGETS = {
  performance: 90,
  accessibility: 100,
  tbtMs: 200,
  lcpMs: 2500,
  cls: 0,
  firstViewJsKb: 170,
  executedJsKb: 300,
  quietLoad: 1,
};
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

/** fetchRaw, asked once more after a dropped connection (a busy machine). */
async function fetchRawAgain(url, acceptEncoding) {
  try {
    return await fetchRaw(url, acceptEncoding);
  } catch {
    return fetchRaw(url, acceptEncoding);
  }
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

/**
 * Runs Lighthouse once on `url`. Lighthouse sometimes fails to record the page load's trace in headless
 * Chromium ("NO_NAVSTART", a run that measured nothing): that run is tried again, twice at most, and
 * said so; any other failure stops the bench.
 */
async function runLighthouse(url, outputPath, categories = 'performance,accessibility') {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouseOnce(url, outputPath, categories);
    if (result.status === 0) return JSON.parse(readFileSync(outputPath, 'utf8'));
    const lostTrace = String(result.stderr).includes('NO_NAVSTART');
    if (!lostTrace || attempt === 3) throw new Error(`lighthouse exited ${result.status} on ${url}`);
    console.log(`  Lighthouse lost the trace of ${url} (NO_NAVSTART); running it again`);
  }
}

/**
 * One Lighthouse run in a process of its own. Asynchronous: the scriptless copy's server runs in this
 * process and must answer while Lighthouse loads it.
 */
function lighthouseOnce(url, outputPath, categories) {
  const child = spawn(
    path.join(root, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      `--only-categories=${categories}`,
      '--output=json',
      `--output-path=${outputPath}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--quiet',
    ],
    {
      cwd: root,
      stdio: ['ignore', verbose ? 'inherit' : 'ignore', 'pipe'],
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    process.stderr.write(chunk);
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

// Every script of a page: inline and external, with the hints that would fetch them.
const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const SCRIPT_HINT = /<link\b[^>]*\brel=["']?(?:modulepreload|preload)\b[^>]*>/gi;
const scriptHint = (tag) => !/\brel=["']?preload\b/i.test(tag) || /\bas=["']?script\b/i.test(tag);

/** The page's HTML with every script (and every hint that fetches one) taken out. */
function withoutScripts(html) {
  return html.replace(SCRIPT_ELEMENT, '').replace(SCRIPT_HINT, (tag) => (scriptHint(tag) ? '' : tag));
}

/**
 * A bare `node:http` server in front of the site: the given pages come back without their scripts (a
 * `Link` header preloading a script dropped too), everything else (styles, fonts, pictures) is passed
 * through as the site sends it. Resolves with its base URL and a `close`.
 */
async function startScriptlessServer(siteUrl, pagePaths) {
  const site = new URL(siteUrl);
  const server = http.createServer((request, response) => {
    const stripped = request.method === 'GET' && pagePaths.includes(new URL(request.url, siteUrl).pathname);
    const headers = { ...request.headers, host: site.host };
    if (stripped) headers['accept-encoding'] = 'identity';
    const upstream = http.request(
      { host: site.hostname, port: site.port, path: request.url, method: request.method, headers },
      (answer) => {
        if (!stripped) {
          response.writeHead(answer.statusCode, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.from(withoutScripts(Buffer.concat(chunks).toString('utf8')));
          const kept = { ...answer.headers, 'content-length': String(body.length) };
          for (const name of ['etag', 'last-modified', 'content-encoding', 'transfer-encoding'])
            delete kept[name];
          if (kept.link) {
            const links = String(kept.link)
              .split(/,(?=\s*<)/)
              .filter((link) => !/rel=["']?modulepreload|as=["']?script/i.test(link));
            if (links.length) kept.link = links.join(',');
            else delete kept.link;
          }
          response.writeHead(answer.statusCode, kept);
          response.end(body);
        });
      },
    );
    upstream.on('error', (error) => response.destroy(error));
    request.pipe(upstream);
  });
  const port = await getFreePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

const score = (report, category) => Math.round((report.categories[category]?.score ?? 0) * 100);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const mark = (ok) => (ok ? 'ok' : 'MISSED');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// [label, audit, format, target met by the median (none: printed only)]
const METRICS = [
  ['FCP', 'first-contentful-paint', (ms) => `${(ms / 1000).toFixed(1)} s`],
  ['LCP', 'largest-contentful-paint', (ms) => `${(ms / 1000).toFixed(1)} s`, (ms) => ms <= TARGETS.lcpMs],
  ['TBT', 'total-blocking-time', (ms) => `${Math.round(ms)} ms`, (ms) => ms <= TARGETS.tbtMs],
  ['CLS', 'cumulative-layout-shift', (value) => value.toFixed(3), (value) => value <= TARGETS.cls],
  ['SI', 'speed-index', (ms) => `${(ms / 1000).toFixed(1)} s`],
];

/** Medians over the runs of one page (each run's figure in brackets when there are several). */
function printMetrics(reports) {
  const each = (values, format) => (values.length > 1 ? ` [${values.map(format).join(', ')}]` : '');
  console.log(
    `    ${METRICS.map(([label, id, format, met]) => {
      const values = reports.map((report) => report.audits[id]?.numericValue ?? NaN);
      const mid = median(values);
      return `${label} ${format(mid)}${met && !met(mid) ? ' MISSED' : ''}${each(values, format)}`;
    }).join(', ')}`,
  );
  for (const category of ['performance', 'accessibility']) {
    const failing = new Set();
    for (const report of reports) {
      report.categories[category].auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => report.audits[ref.id])
        .filter((audit) => audit.score !== null && audit.score < 0.9)
        .forEach((audit) => failing.add(`${audit.id} (${audit.score})`));
    }
    if (failing.size) console.log(`    ${category} audits below 0.9 (any run): ${[...failing].join(', ')}`);
  }
  const lcp = reports[0].audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcp) console.log(`    LCP element: ${lcp.snippet?.slice(0, 120)}`);
}

/** A page's total blocking time, real and without scripts: the medians, and the scriptless runs. */
function ceilingOf(realReports, scriptlessReports) {
  const tbt = (report) => report.audits['total-blocking-time']?.numericValue ?? NaN;
  const scriptlessRuns = scriptlessReports.map(tbt);
  return { real: median(realReports.map(tbt)), scriptless: median(scriptlessRuns), scriptlessRuns };
}

/** The scripts Lighthouse saw on the first view, measured again as gzip on the wire. */
async function measureFirstViewJs(report) {
  const requests = report.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script' && /^https?:/.test(item.url));
  const rows = [];
  for (const script of scripts) {
    const gzip = await fetchRawAgain(script.url, 'gzip');
    const identity = await fetchRawAgain(script.url, 'identity');
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

const formatLoad = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/** Waits until the 1-minute load average is below the target, or `seconds` have passed; says which. */
async function waitForQuietMachine(seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (loadavg()[0] >= TARGETS.quietLoad && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  const quiet = loadavg()[0] < TARGETS.quietLoad;
  console.log(
    `load average (1/5/15 min) ${formatLoad()}: ` +
      (quiet
        ? `below ${TARGETS.quietLoad}`
        : `still ${TARGETS.quietLoad} or more after ${seconds} s, running anyway`),
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-web-'));
const reportDir = mkdtempSync(path.join(tmpdir(), 'bench-web-reports-'));
let site;
let scriptless;
try {
  if (build) run(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--force']);

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
  scriptless = await startScriptlessServer(baseUrl, pages);
  await waitForQuietMachine(quietWaitSeconds);
  console.log(
    `\nsite ready at ${baseUrl}; running Lighthouse (mobile preset) ${runs}x on ${pages.join(', ')}, ` +
      `each page followed by its copy without scripts (${scriptless.baseUrl})\n`,
  );

  // Page after page, run after run, each page's scriptless copy right after it: a slow spell of the
  // machine falls on every page, and on a page and its copy, alike.
  const reports = new Map(pages.map((page) => [page, []]));
  const scriptlessReports = new Map(pages.map((page) => [page, []]));
  for (let round = 1; round <= runs; round += 1) {
    for (const page of pages) {
      const name = `${page.replace(/\W+/g, '_').replace(/^_$/, '') || 'home'}-${round}`;
      reports.get(page).push(await runLighthouse(`${baseUrl}${page}`, path.join(reportDir, `${name}.json`)));
      scriptlessReports
        .get(page)
        .push(
          await runLighthouse(
            `${scriptless.baseUrl}${page}`,
            path.join(reportDir, `${name}-no-js.json`),
            'performance',
          ),
        );
    }
  }

  console.log(`load average (1/5/15 min) after the runs: ${formatLoad()}\n`);
  const firstViews = [];
  const ceilings = [];
  for (const page of pages) {
    const pageReports = reports.get(page);
    const performance = median(pageReports.map((report) => score(report, 'performance')));
    const accessibility = median(pageReports.map((report) => score(report, 'accessibility')));
    const each = (category) =>
      runs > 1 ? `  [${pageReports.map((report) => score(report, category)).join(', ')}]` : '';
    console.log(`${page}${runs > 1 ? ` (medians of ${runs} runs)` : ''}`);
    console.log(
      `  performance   ${String(performance).padStart(3)}  (target ≥ ${TARGETS.performance}: ${mark(performance >= TARGETS.performance)})${each('performance')}`,
    );
    console.log(
      `  accessibility ${String(accessibility).padStart(3)}  (target ≥ ${TARGETS.accessibility}: ${mark(accessibility >= TARGETS.accessibility)})${each('accessibility')}`,
    );
    printMetrics(pageReports);
    const ceiling = ceilingOf(pageReports, scriptlessReports.get(page));
    ceilings.push({ page, ...ceiling });
    console.log(
      `    without scripts (the ceiling): TBT ${Math.round(ceiling.scriptless)} ms` +
        `${ceiling.scriptless > TARGETS.tbtMs ? ' (above the goal alone: the machine and the page bound it)' : ''}` +
        `${runs > 1 ? ` [${ceiling.scriptlessRuns.map((ms) => Math.round(ms)).join(', ')}]` : ''}` +
        `; what the page's JavaScript costs: ${Math.round(ceiling.real - ceiling.scriptless)} ms`,
    );
    firstViews.push({ page, scripts: await measureFirstViewJs(pageReports[0]) });
  }

  for (const { page, scripts } of firstViews) {
    const gzipTotal = scripts.reduce((sum, row) => sum + row.gzip, 0);
    const transferredTotal = scripts.reduce((sum, row) => sum + row.transferred, 0);
    const rawTotal = scripts.reduce((sum, row) => sum + row.raw, 0);
    const target =
      page === '/'
        ? `  (target ≤ ${TARGETS.firstViewJsKb} KB: ${mark(transferredTotal / 1024 <= TARGETS.firstViewJsKb)})`
        : '';
    console.log(`\nfirst view of ${page} : ${scripts.length} scripts`);
    // As transferred: what the browser received, bodies (brotli: Chrome asks for it from localhost and
    // HTTPS) and response headers, as Lighthouse counted it; the goal is set on this figure.
    console.log(
      `  JS as transferred ${kb(transferredTotal)} KB${target}` +
        `; gzip bodies ${kb(gzipTotal)} KB; executed (uncompressed) ${kb(rawTotal)} KB` +
        `  (target ≤ ${TARGETS.executedJsKb} KB: ${mark(rawTotal / 1024 <= TARGETS.executedJsKb)})`,
    );
    if (verbose || page === '/') {
      for (const row of [...scripts].sort((a, b) => b.gzip - a.gzip)) {
        console.log(
          `    ${kb(row.gzip).padStart(7)} KB gzip  ${kb(row.raw).padStart(7)} KB raw  ${new URL(row.url).pathname}`,
        );
      }
    }
    // The site serves the dist/ folders live: a build running meanwhile replaces hashed files.
    const missing = scripts.filter((row) => row.status !== 200);
    if (missing.length) {
      console.log(
        `  WARNING: ${missing.length} script(s) answered ${[...new Set(missing.map((row) => row.status))].join('/')} ` +
          'when measured again (a build replaced dist/ during the run?): the total is too low; run again.',
      );
    }
  }
  console.log(
    `\ntotal blocking time, medians (target ≤ ${TARGETS.tbtMs} ms): real, without scripts, difference`,
  );
  for (const { page, real, scriptless: bare } of ceilings) {
    console.log(
      `  ${page.padEnd(14)} ${String(Math.round(real)).padStart(5)} ms  ${String(Math.round(bare)).padStart(5)} ms` +
        `  ${String(Math.round(real - bare)).padStart(5)} ms  ${mark(real <= TARGETS.tbtMs)}` +
        `${real > TARGETS.tbtMs && bare > TARGETS.tbtMs ? ' (bounded: the scriptless page alone is above the goal)' : ''}`,
    );
  }
  console.log(`\nLighthouse reports: ${reportDir}`);
} catch (error) {
  console.error(`bench:web failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  if (scriptless) await scriptless.close();
  if (site) await stopSite(site);
  rmSync(dataDir, { recursive: true, force: true });
}
