/**
 * A real Prometheus server (Debian's `prometheus`; `.ci/run` installs it) scrapes a running embedded
 * site on its private metrics port, and the values read back through Prometheus's query API are the
 * ones the requests made: the requests by route, and the business totals a guest's purchase of the
 * course moves. The site's own address does not answer the metrics.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TEST_PASSWORD_HASH_ENV } from '@platform/auth';
import { COURSE_PRODUCT_ID } from '@platform/contracts';
import { waitFor } from '@platform/service-kit/testing';
import { createCheckoutSession, freePort } from './helpers.js';
import { startEmbedded } from '@platform/embedded';

const PROMETHEUS = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';
const SIGN_IN_CHECKS = 5;

let workDir: string;
let site: { url: string; metricsUrl: string; stop(): Promise<void> };
let prometheus: ChildProcess;
let prometheusUrl: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'prometheus-metrics-'));
  site = (await startEmbedded({
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      METRICS_PORT: '0',
      DATA_DIR: path.join(workDir, 'data'),
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'Metrics-Admin-1!',
      PGLITE_TEMPLATE_CACHE: process.env.PGLITE_TEMPLATE_CACHE,
      ...TEST_PASSWORD_HASH_ENV,
    },
  })) as typeof site;

  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  const config = path.join(workDir, 'prometheus.yml');
  await writeFile(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      'scrape_configs:',
      '  - job_name: site',
      '    static_configs:',
      `      - targets: ['${new URL(site.metricsUrl).host}']`,
      '',
    ].join('\n'),
  );
  prometheus = spawn(
    PROMETHEUS,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(workDir, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
  prometheus.on('error', (error) => {
    throw new Error(`could not start ${PROMETHEUS} (apt-get install prometheus): ${error.message}`);
  });
}, 180_000);

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    prometheus.kill('SIGTERM');
    await once(prometheus, 'exit');
  }
  await site?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** One instant query through Prometheus's HTTP API: the first series' value, or null when none. */
async function query(promql: string): Promise<number | null> {
  try {
    const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
    if (!response.ok) return null;
    const body = (await response.json()) as { data: { result: Array<{ value: [number, string] }> } };
    const first = body.data.result[0];
    return first ? Number(first.value[1]) : null;
  } catch {
    return null; // Prometheus is still starting
  }
}

/** The sum of the request counts the site exposes right now for the series with these labels. */
async function exposed(labels: string): Promise<number> {
  const text = await (await fetch(site.metricsUrl)).text();
  const wanted = labels.split(',');
  return text
    .split('\n')
    .filter((line) => line.startsWith('http_request_duration_seconds_count{'))
    .filter((line) => wanted.every((label) => line.includes(label)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

describe('Prometheus metrics', () => {
  it('are on the private port only, never through the gateway', async () => {
    const direct = await fetch(site.metricsUrl);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('# TYPE http_request_duration_seconds histogram');
    const throughSite = await fetch(`${site.url}/metrics`);
    expect(await throughSite.text()).not.toContain('http_request_duration_seconds');
  });

  it('a real Prometheus scrapes the site and reads back requests by service, route and status', async () => {
    // The request series are the process's: a test file run before this one in the same process counted
    // into them too, so the five checks are counted from what the site exposes before they are sent.
    const AUTH = 'service="auth",route="/api/auth/user",status="401"';
    const GATEWAY = 'service="gateway",route="auth",status="401"';
    const [authBefore, gatewayBefore] = [await exposed(AUTH), await exposed(GATEWAY)];
    for (let i = 0; i < SIGN_IN_CHECKS; i++) {
      expect((await fetch(`${site.url}/api/auth/user`)).status).toBe(401);
    }
    const byRoute = await waitFor(
      () => query(`sum(http_request_duration_seconds_count{${AUTH}})`),
      (value) => value === authBefore + SIGN_IN_CHECKS,
      'Prometheus to have scraped the five sign-in checks',
      60_000,
    );
    expect(byRoute).toBe(authBefore + SIGN_IN_CHECKS);
    // The gateway's own series, by the service its route table gives the path to.
    expect(await query(`sum(http_request_duration_seconds_count{${GATEWAY}})`)).toBe(
      gatewayBefore + SIGN_IN_CHECKS,
    );
    // Read from the databases at each scrape: nothing sold yet, and no outbox backlog.
    expect(await query('orders_paid{service="payment"}')).toBe(0);
    expect(await query('course_enrolments{service="course"}')).toBe(0);
    expect(await query('outbox_backlog{service="payment"}')).toBe(0);
    expect(await query('job_queue_depth{service="notification"}')).not.toBeNull();
  }, 120_000);

  it('read back the paid order and the enrolment of a guest who bought the course', async () => {
    const buyer = { email: `metered.${Date.now()}@example.com`, firstName: 'Meta', lastName: 'Metered' };
    const { url } = await createCheckoutSession(site.url, buyer, {
      item: { id: COURSE_PRODUCT_ID, quantity: 1 },
    });
    const paid = await fetch(new URL(`${url}/pay`, site.url), { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);

    // The enrolment follows the payment through events; both are read from the ledgers at each scrape.
    const enrolments = await waitFor(
      () => query('course_enrolments{service="course"}'),
      (value) => value === 1,
      'Prometheus to have scraped the enrolment',
      60_000,
    );
    expect(enrolments).toBe(1);
    expect(await query('orders_paid{service="payment"}')).toBe(1);
    expect(await query('orders_refunded{service="payment"}')).toBe(0);
  }, 120_000);
});
