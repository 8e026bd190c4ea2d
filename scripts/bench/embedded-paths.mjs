#!/usr/bin/env node
// Two paths of the embedded site, on fresh data, through the gateway.
//
// (a) Catalogue revisits: `/api/products` and `/api/course-preview` asked BENCH_REVISITS (300) times one
// after another without a validator, then as often with the `If-None-Match` of the first answer, as a
// browser's revisit does; prints each kind's requests per second, the revisits' status (304 expected) and
// the ratio revisit ÷ first visit.
//
// (b) From payment to access: how long after the buyer presses 'Pay' on the test provider's page the
// course lists the buyer's enrolment. Each of BENCH_PURCHASES (20) owners signs up,
// starts a checkout of the course through the gateway, and pays on the test page (which sends the signed
// webhook and redirects, as a browser would be); the clock starts before that press and stops at the
// first `GET /api/enrollments` (asked every 5 ms) that lists the course. The path is the production one:
// webhook → order paid → outbox → in-process bus → course service's inbox → enrolment. Prints the median,
// p90 and worst, beside the goal (median < 250 ms). Figures, never assertions. Run by `npm run bench`, or
// alone once the workspaces are built.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbedded } from '@platform/embedded';

const purchases = Number(process.env.BENCH_PURCHASES ?? 20);
const revisits = Number(process.env.BENCH_REVISITS ?? 300);
const PASSWORD = 'Bench-purchase-1!';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-purchase-'));
const site = await startEmbedded({
  env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', NATS_URL: '', POSTGRES_URL: '' },
});
const base = site.url.replace('0.0.0.0', '127.0.0.1');

async function call(pathname, { cookie, body, method } = {}) {
  const response = await fetch(new URL(pathname, base), {
    method: method ?? (body ? 'POST' : 'GET'),
    headers: {
      ...(body && { 'content-type': 'application/json' }),
      ...(cookie && { cookie }),
    },
    body: body && JSON.stringify(body),
    redirect: 'manual',
  });
  return response;
}

async function expectStatus(response, statuses, what) {
  if (!statuses.includes(response.status))
    throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** `count` GETs of `pathname` one after another; answers their statuses and requests per second. */
async function visit(pathname, count, headers = {}) {
  const statuses = new Set();
  const startedAt = performance.now();
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(new URL(pathname, base), { headers });
    await response.arrayBuffer();
    statuses.add(response.status);
  }
  return { statuses: [...statuses].join(','), perSecond: count / ((performance.now() - startedAt) / 1000) };
}

try {
  console.log(`\ncatalogue reads (embedded, ${revisits} requests one after another each)`);
  for (const pathname of ['/api/products', '/api/course-preview']) {
    const first = await fetch(new URL(pathname, base));
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    const fresh = await visit(pathname, revisits);
    const again = etag ? await visit(pathname, revisits, { 'if-none-match': etag }) : undefined;
    console.log(
      `  ${pathname.padEnd(20)} first visits ${fresh.perSecond.toFixed(0)} req/s (${fresh.statuses}); ` +
        (again
          ? `revisits ${again.perSecond.toFixed(0)} req/s (${again.statuses}), ratio ${(again.perSecond / fresh.perSecond).toFixed(2)}; ` +
            `Cache-Control: ${first.headers.get('cache-control')}`
          : 'no ETag: a revisit cannot be a 304'),
    );
  }

  const { products } = await (await expectStatus(await call('/api/products'), [200], 'products')).json();
  const course = products.find((product) => product.includes?.courseId);
  if (!course) throw new Error('no product sells the course');

  const timings = [];
  for (let i = 0; i < purchases; i += 1) {
    const email = `bench-${Date.now()}-${i}@example.com`;
    const signup = await expectStatus(
      await call('/api/auth/signup', {
        body: { firstName: 'Bench', lastName: `Owner ${i}`, email, password: PASSWORD },
      }),
      [201],
      'sign-up',
    );
    const cookie = signup.headers.getSetCookie()[0].split(';')[0];
    const checkout = await expectStatus(
      await call('/api/create-checkout-session', {
        cookie,
        body: {
          items: [{ id: course.id, quantity: 1 }],
          billingInfo: {
            firstName: 'Bench',
            lastName: `Owner ${i}`,
            email,
            address: '1 Main Street',
            city: 'Springfield',
            state: 'IL',
            zip: '62701',
          },
        },
      }),
      [200],
      'checkout',
    );
    const { url } = await checkout.json();
    const startedAt = performance.now();
    await expectStatus(await call(`${url}/pay`, { method: 'POST' }), [303], 'pay');
    for (;;) {
      const list = await (
        await expectStatus(await call('/api/enrollments', { cookie }), [200], 'enrolments')
      ).json();
      if (Array.isArray(list) && list.some((enrolment) => enrolment.courseId === course.includes.courseId))
        break;
      if (performance.now() - startedAt > 30_000)
        throw new Error(`no enrolment 30 s after paying (${email})`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    timings.push(performance.now() - startedAt);
  }
  timings.sort((a, b) => a - b);
  const pick = (q) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))];
  console.log(
    `\npayment → enrolment (embedded, ${purchases} purchases one after another): median ${pick(0.5).toFixed(0)} ms, ` +
      `p90 ${pick(0.9).toFixed(0)} ms, worst ${timings.at(-1).toFixed(0)} ms (goal: median < 250 ms)`,
  );
} finally {
  await site.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
