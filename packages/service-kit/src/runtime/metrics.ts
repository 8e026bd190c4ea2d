/**
 * Prometheus metrics of a process (prom-client), one registry per process: in the embedded mode every
 * service's series sit side by side under their `service` label. They are answered at `/metrics` on a
 * private port (METRICS_PORT) by the process entry (runMain, the gateway's main, the embedded runner),
 * never through the gateway.
 *
 * - Counted as they happen: HTTP requests by service, method, route and status with their durations
 *   (the kit's request log observes them), consumer redeliveries, job and work-item failures.
 * - Read from each running service's database when Prometheus scrapes: the outbox backlog and the age of
 *   its oldest row, the work waiting in each queue, and the business totals a service declares
 *   (`ServiceDefinition.metrics`: orders paid, refunds, enrolments, …). Read from the ledgers, they are
 *   the same on every replica and survive restarts; aggregate them across replicas with `max`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { count, eq, min, ne } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database.js';
import type { OutboxTable } from '../events/tables.js';
import type { JobDefinition } from '../jobs/define-job.js';
import type { Logger } from '../logger.js';

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests answered, by service, method, route and status, and how long they took',
  labelNames: ['service', 'method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const eventRedeliveries = new Counter({
  name: 'events_redelivered_total',
  help: 'events a consumer received again after a failed or unfinished attempt',
  labelNames: ['service', 'subject'],
  registers: [metricsRegistry],
});

export const jobFailures = new Counter({
  name: 'job_failures_total',
  help: 'failed runs of a periodic job and failed attempts of a work item',
  labelNames: ['service', 'job'],
  registers: [metricsRegistry],
});

/** A business total a service reads from its own tables, e.g. the orders paid. */
export interface BusinessMetric {
  /** Prometheus name, e.g. `orders_paid`. */
  name: string;
  help: string;
  read(): Promise<number>;
}

type Reader = (set: (labels: Record<string, string>, value: number) => void) => Promise<void>;

const gaugesReadAtScrape = new Map<string, { gauge: Gauge; readers: Set<Reader> }>();

/** A gauge whose value the registered readers give at each scrape; a reader that fails is left out. */
function readAtScrape(name: string, help: string, labelNames: string[]) {
  let entry = gaugesReadAtScrape.get(name);
  if (!entry) {
    const readers = new Set<Reader>();
    const gauge = new Gauge({
      name,
      help,
      labelNames,
      registers: [metricsRegistry],
      async collect() {
        this.reset();
        await Promise.all(
          [...readers].map((reader) =>
            reader((labels, value) => this.set(labels, value)).catch(() => undefined),
          ),
        );
      },
    });
    entry = { gauge, readers };
    gaugesReadAtScrape.set(name, entry);
  }
  const { readers } = entry;
  return (reader: Reader) => {
    readers.add(reader);
    return () => void readers.delete(reader);
  };
}

const outboxBacklog = readAtScrape('outbox_backlog', 'outbox rows not yet published', ['service']);
const outboxOldestAge = readAtScrape(
  'outbox_oldest_age_seconds',
  'age of the oldest outbox row not yet published (0 when none)',
  ['service'],
);
const jobQueueDepth = readAtScrape('job_queue_depth', 'work items waiting in a queue', ['service', 'queue']);

export interface ServiceReadings {
  service: string;
  db: Database;
  outbox: OutboxTable;
  jobs: JobDefinition[];
  business: BusinessMetric[];
}

/** Adds a running service's readings to the scrapes; returns how to take them out again (at stop). */
export function registerServiceReadings({
  service,
  db,
  outbox,
  jobs,
  business,
}: ServiceReadings): () => void {
  const removers = [
    outboxBacklog(async (set) => {
      const [row] = await db.select({ rows: count() }).from(outbox).where(ne(outbox.status, 'sent'));
      set({ service }, row?.rows ?? 0);
    }),
    outboxOldestAge(async (set) => {
      const [row] = await db
        .select({ oldest: min(outbox.createdAt) })
        .from(outbox)
        .where(ne(outbox.status, 'sent'));
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : Date.now();
      set({ service }, Math.max(0, (Date.now() - oldest) / 1000));
    }),
    ...jobs.flatMap((job) =>
      job.kind === 'queue'
        ? [
            jobQueueDepth(async (set) => {
              const [row] = await db
                .select({ rows: count() })
                .from(job.table)
                .where(eq(job.table.status, job.statuses.ready));
              set({ service, queue: job.name }, row?.rows ?? 0);
            }),
          ]
        : [],
    ),
    ...business.map((metric) =>
      readAtScrape(metric.name, metric.help, ['service'])(async (set) =>
        set({ service }, await metric.read()),
      ),
    ),
  ];
  return () => removers.forEach((remove) => remove());
}

export interface MetricsServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Answers `GET /metrics` (Prometheus text format) on the private port, and nothing else. */
export async function startMetricsServer(options: {
  port: number;
  host: string;
  logger: Logger;
}): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      (error: unknown) => {
        options.logger.error({ err: error }, 'could not collect the metrics');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Could not collect the metrics\n');
      },
    );
  });
  server.listen(options.port, options.host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}/metrics`;
  options.logger.info({ url }, 'metrics listening');
  return {
    port,
    url,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
