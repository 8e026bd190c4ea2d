/**
 * One purchase is one trace: an embedded site exports its spans over OTLP (HTTP, JSON) to a collector
 * this test runs, and the buyer's payment, sent with a `traceparent` of our own, comes back as one trace
 * crossing the gateway, payment (the page and its webhook), auth (the buyer's account), course (the
 * enrolment) and notification (the receipt), through HTTP, the outbox and the in-process bus.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TEST_PASSWORD_HASH_ENV } from '@platform/auth';
import { waitFor } from '@platform/service-kit/testing';
import { startEmbedded } from '@platform/embedded';
import { startGuestCheckout } from './helpers.js';

interface ExportedSpan {
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

interface OtlpBody {
  resourceSpans?: Array<{
    scopeSpans?: Array<{
      scope?: { name?: string };
      spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string }>;
    }>;
  }>;
}

let workDir: string;
let collector: http.Server;
const spans: ExportedSpan[] = [];
let site: { url: string; stop(): Promise<void> };

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'purchase-trace-'));
  // The collector: OTLP over HTTP with JSON bodies, as the exporter sends them.
  collector = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as OtlpBody;
      for (const resource of body.resourceSpans ?? []) {
        for (const scoped of resource.scopeSpans ?? []) {
          for (const span of scoped.spans ?? []) {
            spans.push({ scope: scoped.scope?.name ?? '', ...span });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  collector.listen(0, '127.0.0.1');
  await once(collector, 'listening');
  const { port } = collector.address() as AddressInfo;

  site = (await startEmbedded({
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: path.join(workDir, 'data'),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'Trace-Admin-1!',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      PGLITE_TEMPLATE_CACHE: process.env.PGLITE_TEMPLATE_CACHE,
      ...TEST_PASSWORD_HASH_ENV,
    },
  })) as typeof site;
}, 180_000);

afterAll(async () => {
  await site?.stop();
  collector?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('traces', () => {
  it('a guest purchase is one trace across payment, auth, course and notification', async () => {
    const email = `traced.${Date.now()}@example.com`;
    const url = await startGuestCheckout(site.url, { email, firstName: 'Tracy', lastName: 'Traced' });

    // The buyer pays on the test provider's page, in a trace whose id we chose.
    const traceId = randomBytes(16).toString('hex');
    const paid = await fetch(new URL(`${url}/pay`, site.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    expect(paid.status).toBe(303);

    const wanted = ['gateway', 'payment', 'auth', 'course', 'notification'];
    const scopes = await waitFor(
      () => new Set(spans.filter((span) => span.traceId === traceId).map((span) => span.scope)),
      (seen) => wanted.every((scope) => seen.has(scope)),
      'spans of every service in the purchase trace',
      60_000,
    );
    expect([...scopes].sort()).toEqual(expect.arrayContaining(wanted));
    const trace = spans.filter((span) => span.traceId === traceId);
    // Every span but the first hangs under another span of the same trace (or the caller's).
    const ids = new Set(trace.map((span) => span.spanId));
    const roots = trace.filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId));
    expect(roots.map((span) => span.scope)).toEqual(['gateway']);
    // The events' handlers are in it, each continuing the work that enqueued its event.
    expect(trace.map((span) => `${span.scope} ${span.name}`)).toEqual(
      expect.arrayContaining([
        'auth payment.order.paid process',
        'notification payment.order.paid process',
        'course auth.member.granted process',
      ]),
    );
  }, 180_000);
});
