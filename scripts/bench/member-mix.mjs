#!/usr/bin/env node
// A realistic mix of what owners do, at 1, 50 and 200 users at once (BENCH_MIX_USERS), against a fresh
// embedded site in production mode: each virtual user is a course member who opens `/`, reads the
// catalogue and the course preview, asks who is signed in, opens the dashboard and a lesson, and signs in
// again every tenth round. Prints, per level, throughput, p50/p99 and the answers by status (a 5xx is a
// bug; a 503 with Retry-After is the gateway shedding load on purpose), then p99 at 50 users ÷ p50 at 1
// user (goal ≤ 10). Bounded in time; loopback only. Printed, never asserted.
//
// The anchor, in the same run and with the same client: a bare `node:http` server in the same process
// answering every request at once with a 2 KB JSON body, at 1 and 50 users. With 50 users in a closed loop
// every request waits for the ones ahead of it, so p99 at 50 ÷ p50 at 1 is at least 50 × (rate at 1 user ÷
// the most requests per second the machine gives); the bench prints that bound for the site and the anchor.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { browserRequest } from './browser-request.mjs';

const levels = (process.env.BENCH_MIX_USERS ?? '1,50,200').split(',').map(Number);
const seconds = Number(process.env.BENCH_MIX_SECONDS ?? 15);
const PASSWORD = 'Restaurant!1';
const COURSE = 'restaurant-management-course';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-mix-'));
const { startEmbedded } = await import('@platform/embedded');
const site = await startEmbedded({
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NATS_URL: '',
    POSTGRES_URL: '',
    // Every virtual user is 127.0.0.1: the per-address limits would measure themselves.
    LOGIN_MAX_CONSECUTIVE_FAILURES: '1000000',
    LOGIN_SLOW_AFTER_ADDRESS_FAILURES: '1000000',
    LOGIN_SLOW_AFTER_ACCOUNT_FAILURES: '1000000',
    // …and the gateway's per-client share of the requests in flight; its overall limit still sheds.
    MAX_IN_FLIGHT_PER_CLIENT: '0',
    COOKIE_SECURE: 'false',
  },
});
const base = site.url.replace('0.0.0.0', '127.0.0.1');

const call = (method, pathname, { origin = base, ...options } = {}) =>
  browserRequest(origin, method, pathname, options);

const json = (answer) => JSON.parse(Buffer.from(answer.body).toString('utf8'));

/** Signs up and buys the course on the test provider: a member with a session cookie. */
async function makeMember(index) {
  const email = `member.${index}.${process.pid}@restaurant-bench.com`;
  const signup = await call('POST', '/api/auth/signup', {
    json: { firstName: 'Ada', lastName: 'Member', email, password: PASSWORD },
  });
  const cookie = signup.cookie;
  const billingInfo = {
    firstName: 'Ada',
    lastName: 'Member',
    email,
    address: '1 Market Street',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    country: 'US',
  };
  const created = await call('POST', '/api/create-checkout-session', {
    cookie,
    json: {
      items: [{ id: COURSE, quantity: 1 }],
      customer_email: email,
      customer_name: 'Ada Member',
      billingInfo,
    },
  });
  if (created.status !== 200) throw new Error(`checkout: ${created.status} ${Buffer.from(created.body)}`);
  const session = json(created);
  await call('POST', `${new URL(session.url, base).pathname}/pay`, { cookie });
  await call('POST', '/api/grant-course-access', {
    cookie,
    json: { session_id: session.sessionId, customer_email: email },
  });
  return { email, cookie };
}

const MIX = [
  ['page /', 'GET', '/'],
  ['catalogue', 'GET', '/api/products'],
  ['course preview', 'GET', '/api/course-preview'],
  ['who am I', 'GET', '/api/auth/session'],
  ['dashboard', 'GET', '/api/enrollments/dashboard'],
  ['lesson', 'GET', '/api/lessons/1'],
];

async function runLevel(users, members, { origin = base, mix = MIX } = {}) {
  const latencies = [];
  const statuses = {};
  let requests = 0;
  const deadline = performance.now() + seconds * 1000;
  async function virtualUser(member) {
    let round = 0;
    while (performance.now() < deadline) {
      round += 1;
      const steps = round % 10 === 0 && mix === MIX ? [['sign in', 'POST', '/api/auth/login'], ...mix] : mix;
      for (const [, method, pathname] of steps) {
        if (performance.now() >= deadline) break;
        const started = performance.now();
        let status;
        try {
          const answer = await call(method, pathname, {
            cookie: member.cookie,
            origin,
            json: method === 'POST' ? { email: member.email, password: PASSWORD } : undefined,
          });
          status = answer.status;
          if (answer.cookie) member.cookie = answer.cookie;
        } catch (error) {
          status = `network error (${error.cause?.code ?? error.message})`;
        }
        latencies.push(performance.now() - started);
        statuses[status] = (statuses[status] ?? 0) + 1;
        requests += 1;
      }
    }
  }
  const started = performance.now();
  await Promise.all(members.slice(0, users).map((member) => virtualUser(member)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { users, rate: requests / elapsed, p50: at(0.5), p99: at(0.99), statuses };
}

const most = Math.max(...levels);
console.log(`member mix: ${most} members signing up and buying the course…`);
const members = [];
for (let index = 0; index < most; index += 10) {
  members.push(
    ...(await Promise.all(
      Array.from({ length: Math.min(10, most - index) }, (_, i) => makeMember(index + i)),
    )),
  );
}
console.log(
  `${seconds} s per level; each round: ${MIX.map(([label]) => label).join(', ')} (+ sign in every 10th)`,
);
const results = [];
for (const users of levels) {
  const result = await runLevel(users, members);
  results.push(result);
  const byStatus = Object.entries(result.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  console.log(
    `${String(users).padStart(4)} users  ${result.rate.toFixed(0).padStart(6)} req/s   p50 ${result.p50.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms   ${byStatus}`,
  );
}
/** p99 at 50 ÷ p50 at 1, and the least it can be in a closed loop at the most requests per second seen. */
function ratios(rows) {
  const one = rows.find((result) => result.users === 1);
  const fifty = rows.find((result) => result.users === 50);
  if (!one || !fifty) return undefined;
  const most = Math.max(...rows.map((result) => result.rate));
  return { ratio: fifty.p99 / one.p50, bound: (50 * one.rate) / most };
}
const site50 = ratios(results);
if (site50) {
  console.log(
    `p99 at 50 users ÷ p50 at 1 user: ${site50.ratio.toFixed(1)} (goal ≤ 10; a closed loop cannot go below ${site50.bound.toFixed(1)} here)`,
  );
}
await site.stop();

// The anchor: the same client and loop against a server that does nothing but answer.
const anchorBody = Buffer.from(JSON.stringify({ ok: true, padding: 'x'.repeat(2000) }));
const anchor = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': anchorBody.length });
  res.end(anchorBody);
});
await new Promise((resolve) => anchor.listen(0, '127.0.0.1', resolve));
const anchorOrigin = `http://127.0.0.1:${anchor.address().port}`;
const anchorRows = [];
for (const users of levels.filter((count) => count <= 50)) {
  const result = await runLevel(users, members, { origin: anchorOrigin, mix: [['answer', 'GET', '/']] });
  anchorRows.push(result);
  console.log(
    `${String(users).padStart(4)} users  ${result.rate.toFixed(0).padStart(6)} req/s   p50 ${result.p50.toFixed(1)} ms   p99 ${result.p99.toFixed(1)} ms   (anchor: bare node:http, same process)`,
  );
}
const anchor50 = ratios(anchorRows);
if (anchor50) {
  console.log(
    `anchor p99 at 50 users ÷ p50 at 1 user: ${anchor50.ratio.toFixed(1)} (a closed loop cannot go below ${anchor50.bound.toFixed(1)} here)`,
  );
}
anchor.closeAllConnections();
await new Promise((resolve) => anchor.close(resolve));
rmSync(dataDir, { recursive: true, force: true });
