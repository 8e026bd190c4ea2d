#!/usr/bin/env node
// The sign-in part of `npm run bench` (also runs alone): how the site holds a crowd of new owners, and what
// one password hash costs. Printed, never asserted.
//   - burst: BENCH_USERS (50) virtual users at once for BENCH_BURST_SECONDS (30) against the embedded mode
//     (NODE_ENV=production, fresh data, its own port and folder). Each signs up, logs in, browses the course
//     preview, asks who it is and sends consultation step 1, then starts again as a new owner. The users
//     run on a worker thread, so the site's event loop is its own; another thread times a file `stat`
//     every 50 ms, which waits for a free slot of the libuv pool the whole process shares.
//   - a wrong password against an unknown e-mail, one at a time: both must cost one hash.
//   - one argon2id hash at the production cost, through the service's hasher (worker threads), alone and
//     several at once.
// Every virtual user comes from 127.0.0.1, so the run raises the per-address limits it would trip
// (consultation step 1 per hour, failed sign-ins), and says so.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { browserRequest as request } from './bench/browser-request.mjs';

const PASSWORD = 'Restaurant!1';
const STEPS = [
  ['sign-up   POST /api/auth/signup', 201],
  ['log in    POST /api/auth/login', 200],
  ['browse    GET  /api/course-preview', 200],
  ['who am I  GET  /api/auth/user', 200],
  ['step 1    POST /api/consultation', 200],
];

let counter = 0;
const unique = () => `${Date.now().toString(36)}${process.pid}t${(counter += 1)}`;

/** The virtual users (on a worker thread): answers each step's latencies and errors, and the statuses. */
async function runUsers({ base, users, seconds }) {
  const steps = Object.fromEntries(
    STEPS.map(([label, expected]) => [label, { expected, latencies: [], errors: 0 }]),
  );
  const statuses = {};
  let journeys = 0;

  async function timed(label, call) {
    const step = steps[label];
    const started = performance.now();
    let answer;
    try {
      answer = await call();
    } catch (error) {
      answer = { status: `network error (${error.cause?.code ?? error.message})` };
    }
    step.latencies.push(performance.now() - started);
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    if (answer.status !== step.expected) step.errors += 1;
    return answer;
  }

  async function virtualUser(deadline) {
    while (performance.now() < deadline) {
      const email = `owner.${unique()}@restaurant-bench.com`;
      const signup = await timed(STEPS[0][0], () =>
        request(base, 'POST', '/api/auth/signup', {
          json: { firstName: 'Ada', lastName: 'Owner', email, password: PASSWORD },
        }),
      );
      const login = await timed(STEPS[1][0], () =>
        request(base, 'POST', '/api/auth/login', {
          json: { email, password: PASSWORD },
          cookie: signup.cookie,
        }),
      );
      const cookie = login.cookie ?? signup.cookie;
      await timed(STEPS[2][0], () => request(base, 'GET', '/api/course-preview', { cookie }));
      await timed(STEPS[3][0], () => request(base, 'GET', '/api/auth/user', { cookie }));
      await timed(STEPS[4][0], () =>
        request(base, 'POST', '/api/consultation', {
          cookie,
          json: {
            businessName: 'Bench Bistro',
            ownerName: 'Ada Owner',
            email,
            phone: '',
            restaurantPhone: '',
            restaurantName: 'Bench Bistro',
            location: '1 Market Street, Springfield',
            currentChallenges: 'Food costs keep rising and the team turns over every season.',
            consultationGoals: 'A menu that pays for itself and a team that stays a full year.',
          },
        }),
      );
      journeys += 1;
    }
  }

  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(Array.from({ length: users }, () => virtualUser(deadline)));
  return { steps, statuses, journeys, elapsed: (performance.now() - started) / 1000 };
}

/** Times a file `stat` every 50 ms (on an idle thread, so only the pool's queue adds to it). */
async function runProbe({ file, seconds }) {
  const latencies = [];
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const started = performance.now();
    await stat(file);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return latencies;
}

function onThread(data) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(fileURLToPath(import.meta.url), { workerData: data });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const ms = (value) => `${value.toFixed(1)} ms`;
function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const users = Number(process.env.BENCH_USERS ?? 50);
  const seconds = Number(process.env.BENCH_BURST_SECONDS ?? 30);

  if (!process.argv.includes('--no-build')) {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--node-only'], {
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  const raisedLimits = {
    CONSULTATION_SUBMISSIONS_PER_HOUR: '1000000',
    LOGIN_MAX_CONSECUTIVE_FAILURES: '1000000',
    LOGIN_SLOW_AFTER_ADDRESS_FAILURES: '1000000',
    LOGIN_SLOW_AFTER_ACCOUNT_FAILURES: '1000000',
    MAX_IN_FLIGHT_PER_CLIENT: '0',
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-sign-in-'));
  const probeFile = path.join(dataDir, 'probe.txt');
  writeFileSync(probeFile, 'probe');
  const { startEmbedded } = await import('@platform/embedded');
  const { createPasswordHasher, PRODUCTION_PASSWORD_COST } = await import('@platform/auth');
  const site = await startEmbedded({
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      NATS_URL: '',
      POSTGRES_URL: '',
      // The production password cost, whatever the calling shell says.
      PASSWORD_HASH_MEMORY_KIB: '',
      PASSWORD_HASH_ITERATIONS: '',
      // A named admin, so no generated password is printed.
      ADMIN_EMAIL: 'bench-admin@example.com',
      ADMIN_PASSWORD: 'Bench-Admin!2030-long',
      ...raisedLimits,
    },
  });
  const base = site.url.replace('0.0.0.0', '127.0.0.1');

  // ---- the burst -----------------------------------------------------------------------------------
  const idleProbe = await onThread({ role: 'probe', file: probeFile, seconds: 2 });
  console.log(
    `\nsign-in burst: ${users} virtual users at once for ${seconds} s, embedded mode (NODE_ENV=production, fresh data)`,
  );
  console.log(
    `  raised for this run, since every user is 127.0.0.1: ${Object.keys(raisedLimits).join(', ')}\n`,
  );
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const rssBefore = process.memoryUsage().rss;
  const [burst, busyProbe] = await Promise.all([
    onThread({ role: 'users', base, users, seconds }),
    onThread({ role: 'probe', file: probeFile, seconds }),
  ]);
  loopDelay.disable();
  const rssAfter = process.memoryUsage().rss;

  const all = Object.values(burst.steps).flatMap((step) => step.latencies);
  const errors = Object.values(burst.steps).reduce((sum, step) => sum + step.errors, 0);
  const serverErrors = Object.entries(burst.statuses)
    .filter(([status]) => !/^\d+$/.test(status) || Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  const overall = summary(all);
  console.log(
    `  ${burst.journeys} journeys, ${all.length} requests (${(all.length / burst.elapsed).toFixed(0)} req/s) in ${burst.elapsed.toFixed(1)} s`,
  );
  console.log(
    `  errors (any status but the expected one): ${errors}, of which 5xx or network: ${serverErrors}`,
  );
  console.log(
    `  statuses: ${Object.entries(burst.statuses)
      .map(([status, n]) => `${status} × ${n}`)
      .join(', ')}`,
  );
  console.log(
    `  ${'all requests'.padEnd(37)}  p50 ${ms(overall.p50).padStart(9)}   p99 ${ms(overall.p99).padStart(9)}`,
  );
  for (const [label, step] of Object.entries(burst.steps)) {
    const figures = summary(step.latencies);
    console.log(
      `  ${label.padEnd(37)}  p50 ${ms(figures.p50).padStart(9)}   p99 ${ms(figures.p99).padStart(9)}   max ${ms(figures.max).padStart(9)}   ${figures.n} requests, ${step.errors} errors`,
    );
  }
  const idle = summary(idleProbe);
  const busy = summary(busyProbe);
  console.log(
    `  libuv pool wait (a file stat from an idle thread): before p50 ${ms(idle.p50)}, p99 ${ms(idle.p99)}; during the burst p50 ${ms(busy.p50)}, p99 ${ms(busy.p99)}, max ${ms(busy.max)}`,
  );
  console.log(
    `  the site's event-loop delay during the burst: p50 ${ms(loopDelay.percentile(50) / 1e6)}, p99 ${ms(loopDelay.percentile(99) / 1e6)}`,
  );
  console.log(
    `  process RSS ${(rssAfter / 2 ** 20).toFixed(0)} MB after the burst (${(rssBefore / 2 ** 20).toFixed(0)} MB before)`,
  );

  // ---- a wrong password against an unknown e-mail ----------------------------------------------------
  const known = `known.${unique()}@restaurant-bench.com`;
  await request(base, 'POST', '/api/auth/signup', {
    json: { firstName: 'Ada', lastName: 'Owner', email: known, password: PASSWORD },
  });
  const wrong = [];
  const unknown = [];
  for (let round = 0; round < 20; round += 1) {
    let started = performance.now();
    await request(base, 'POST', '/api/auth/login', { json: { email: known, password: 'Wrong-Password!1' } });
    wrong.push(performance.now() - started);
    started = performance.now();
    await request(base, 'POST', '/api/auth/login', {
      json: { email: `nobody.${unique()}@restaurant-bench.com`, password: 'Wrong-Password!1' },
    });
    unknown.push(performance.now() - started);
  }
  console.log(
    `\nrefused sign-ins, one at a time (20 each): wrong password p50 ${ms(summary(wrong).p50)}, unknown e-mail p50 ${ms(summary(unknown).p50)}`,
  );

  await site.stop();

  // ---- one hash at the production cost ---------------------------------------------------------------
  const threads = Math.min(availableParallelism(), 8);
  const hasher = createPasswordHasher(PRODUCTION_PASSWORD_COST, { threads });
  await hasher.hash('warm-up');
  const alone = [];
  for (let round = 0; round < 20; round += 1) {
    const started = performance.now();
    await hasher.hash(PASSWORD);
    alone.push(performance.now() - started);
  }
  const together = threads * 4;
  const started = performance.now();
  await Promise.all(Array.from({ length: together }, () => hasher.hash(PASSWORD)));
  const togetherMs = performance.now() - started;
  await hasher.close();
  const { memoryKib, iterations, parallelism } = PRODUCTION_PASSWORD_COST;
  console.log(
    `\nargon2id m=${memoryKib} KiB, t=${iterations}, p=${parallelism} on ${threads} worker threads: one hash alone p50 ${ms(summary(alone).p50)} (20 runs); ${together} at once ${ms(togetherMs)} → ${((together / togetherMs) * 1000).toFixed(0)} hashes/s`,
  );

  rmSync(dataDir, { recursive: true, force: true });
}

if (!isMainThread) {
  const result = workerData.role === 'users' ? await runUsers(workerData) : await runProbe(workerData);
  parentPort.postMessage(result);
} else {
  await main();
}
