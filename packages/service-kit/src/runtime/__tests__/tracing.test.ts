/**
 * The trace of the work that enqueues an event goes with it through the outbox and the bus (NATS message
 * headers or the in-process bus) into the handler, which continues it; log lines carry its id. On both
 * databases × both buses.
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { context, trace } from '@opentelemetry/api';
import { OutboxRelay, enqueueEvent } from '../../events/outbox.js';
import {
  defineSubscription,
  startSubscriptions,
  type RunningSubscriptions,
} from '../../events/subscriptions.js';
import {
  BusLab,
  databaseAndBusKinds,
  inboxEvents,
  outboxEvents,
  useSharedDatabases,
  waitFor,
  type TestDatabase,
} from '../../events/__tests__/helpers.js';
import { createLogger } from '../../logger.js';
import { startTracing, traceHeaders, traceLogFields } from '../tracing.js';

const databases = useSharedDatabases();

describe.each(databaseAndBusKinds)(
  'traces through the outbox and the bus (%s, %s bus)',
  (databaseKind, busKind) => {
    let database: TestDatabase;
    let lab: BusLab;
    let consumer: RunningSubscriptions | undefined;

    beforeAll(async () => {
      startTracing({ serviceName: 'tracing-test' });
      database = await databases.get(databaseKind);
    });
    afterEach(async () => {
      await consumer?.stop();
      await lab?.cleanup();
    });

    it('a handler continues the trace of the work that enqueued its event, and its log lines carry the ids', async () => {
      await database.reset();
      lab = new BusLab(busKind);
      const bus = await lab.connect();
      const lines: string[] = [];
      const logger = createLogger({
        service: 'counter',
        destination: { write: (line) => void lines.push(line) },
      });
      const seen: Array<ReturnType<typeof traceLogFields>> = [];
      consumer = await startSubscriptions({
        bus,
        db: database.db,
        inboxTable: inboxEvents,
        service: 'counter',
        logger,
        subscriptions: [
          defineSubscription({
            subject: 'platform.probe.recorded',
            handler: async (_event, { logger: log }) => {
              seen.push(traceLogFields());
              log.info('probe handled');
            },
          }),
        ],
      });

      // The work: a span of its own, in which the event is enqueued.
      const work = trace.getTracer('producer').startSpan('record a probe');
      const { traceId, spanId } = work.spanContext();
      await context.with(trace.setSpan(context.active(), work), async () => {
        expect(traceHeaders().traceparent).toBe(`00-${traceId}-${spanId}-01`);
        await database.db.transaction((tx) =>
          enqueueEvent(tx, outboxEvents, {
            type: 'platform.probe.recorded',
            data: { probeId: 'p', sequence: 1 },
          }),
        );
      });
      work.end();
      // Outside any span now: the relay publishes what the row kept, not what is current.
      expect(traceLogFields()).toEqual({});
      await new OutboxRelay({ db: database.db, table: outboxEvents, bus }).runOnce();

      await waitFor(() => seen.length === 1, { what: 'the handler' });
      expect(seen[0]?.trace_id).toBe(traceId);
      expect(seen[0]?.span_id).toMatch(/^[0-9a-f]{16}$/);
      expect(seen[0]?.span_id).not.toBe(spanId);
      const line = lines
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((l) => l.msg === 'probe handled');
      expect(line).toMatchObject({ trace_id: traceId, span_id: seen[0]?.span_id, service: 'counter' });
    });
  },
);
