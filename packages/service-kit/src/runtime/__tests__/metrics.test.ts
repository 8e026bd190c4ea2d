/**
 * The failures a running service counts, read from its metrics endpoint as Prometheus would: an event
 * whose handler throws once is redelivered and counted, a periodic job that fails once is counted, and
 * the outbox gauges are there for the service. On PGlite with the in-process bus, and with POSTGRES_URL
 * on PostgreSQL (NATS JetStream with NATS_URL).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pgSchema } from 'drizzle-orm/pg-core';
import { pino } from 'pino';
import { enqueueEvent } from '../../events/outbox.js';
import { defineSubscription } from '../../events/subscriptions.js';
import { createInboxTable, createOutboxTable } from '../../events/tables.js';
import { definePeriodicJob } from '../../jobs/define-job.js';
import { createJobsTable } from '../../jobs/tables.js';
import { serviceBackings, type Backing } from '../../testing/backings.js';
import { waitFor } from '../../testing/system.js';
import { startMetricsServer, type MetricsServer } from '../metrics.js';
import { defineService, serviceConfigSchema, startService } from '../service.js';
import { writeEventTablesMigration } from './fixtures/event-tables-migration.js';

const SERVICE = 'kitmetrics';
const SUBJECT = 'platform.probe.recorded';
const logger = pino({ level: 'silent' });

let metrics: MetricsServer;
beforeAll(async () => {
  metrics = await startMetricsServer({ port: 0, host: '127.0.0.1', logger });
});
afterAll(() => metrics?.close());

/** The value of one series in the text the endpoint answers, or null when it has no such series. */
async function scrape(series: string): Promise<number | null> {
  const text = await (await fetch(metrics.url)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describe.each(serviceBackings({ service: SERVICE, nats: true }))('service metrics on $name', (factory) => {
  let backing: Backing;
  beforeAll(async () => {
    backing = await factory.create();
  });
  afterAll(() => backing?.cleanup());

  it('count a redelivered event and a failed job run, and show the outbox backlog and age', async () => {
    const schema = pgSchema(SERVICE);
    // The job's name is the backing's own, so its series starts from nothing in this process.
    const job = `flaky-${factory.name.replace(/\W+/g, '-').toLowerCase()}`;
    let runs = 0;
    const deliveries: number[] = [];
    const definition = defineService({
      name: SERVICE,
      configSchema: serviceConfigSchema(SERVICE, 4999, {}),
      migrationsFolder: writeEventTablesMigration(path.join(backing.env.DATA_DIR!, 'migrations'), SERVICE, [
        `CREATE TABLE "${SERVICE}"."jobs" ("name" text PRIMARY KEY NOT NULL,
          "next_run_at" timestamp with time zone NOT NULL, "locked_by" text,
          "locked_until" timestamp with time zone, "failures" integer DEFAULT 0 NOT NULL,
          "last_started_at" timestamp with time zone, "last_finished_at" timestamp with time zone,
          "last_error" text)`,
      ]),
      tables: {
        outbox: createOutboxTable(schema),
        inbox: createInboxTable(schema),
        jobs: createJobsTable(schema),
      },
      usesStorage: false,
      routes: () => undefined,
      subscriptions: () => [
        defineSubscription({
          subject: SUBJECT,
          ackWaitMs: 500,
          backoffMs: [50],
          handler: async (_event, { deliveryCount }) => {
            deliveries.push(deliveryCount);
            if (deliveryCount === 1) throw new Error('the first delivery fails');
          },
        }),
      ],
      jobs: () => [
        definePeriodicJob({
          name: job,
          everyMs: 60 * 60_000,
          run: async () => {
            runs += 1;
            if (runs === 1) throw new Error('the first run fails');
          },
        }),
      ],
    });

    const redelivered = `events_redelivered_total{service="${SERVICE}",subject="${SUBJECT}"}`;
    const redeliveredBefore = (await scrape(redelivered)) ?? 0;
    const service = await startService(definition, {
      env: { ...backing.env, INTERNAL_TOKEN_SECRET: 'm'.repeat(40), HOST: '127.0.0.1' },
      logger,
      port: 0,
    });
    try {
      await service.deps.db.transaction((tx) =>
        enqueueEvent(tx, definition.tables.outbox, { type: SUBJECT, data: { probeId: job, sequence: 1 } }),
      );
      await waitFor(
        () => deliveries,
        (seen) => seen.includes(2),
        'the event delivered a second time',
        20_000,
      );
      expect(await service.jobs.runNow(job)).toMatchObject({ ran: true, ok: false });
      expect(await service.jobs.runNow(job)).toMatchObject({ ran: true, ok: true });

      expect(await scrape(redelivered)).toBe(redeliveredBefore + 1);
      expect(await scrape(`job_failures_total{service="${SERVICE}",job="${job}"}`)).toBe(1);
      // The event left the outbox, so nothing waits and no row is old.
      await waitFor(
        () => scrape(`outbox_backlog{service="${SERVICE}"}`),
        (rows) => rows === 0,
        'an empty outbox',
      );
      expect(await scrape(`outbox_oldest_age_seconds{service="${SERVICE}"}`)).toBeLessThan(1);
    } finally {
      await service.stop();
    }
    // A stopped service's readings leave the scrapes with it.
    expect(await scrape(`outbox_backlog{service="${SERVICE}"}`)).toBeNull();
  }, 60_000);
});
