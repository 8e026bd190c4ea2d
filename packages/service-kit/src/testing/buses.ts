/**
 * The buses a suite delivers events through as another service's relay would: the in-process bus of the
 * embedded mode and, when NATS_URL is set, a JetStream stream of the suite's own.
 */
import { InProcessBus } from '../events/in-process-bus.js';
import { JetStreamBus } from '../events/jetstream-bus.js';
import type { EventBus } from '../events/types.js';
import type { BackingFactory } from './backings.js';
import { deleteTestStreams, natsUrlFromEnv, uniqueStreamNames, waitForStreamDrained } from './nats.js';

export interface TestBus {
  /** What the test publishes on (the other service's side of the bus). */
  publisher: EventBus;
  /** The bus to hand the service under test, or undefined: it connects to the stream `env` names. */
  bus: EventBus | undefined;
  /** The service's settings for this bus (none for the in-process bus). */
  env: Record<string, string>;
  /** Resolves once every event published so far has been handled (applied, or found to change nothing). */
  handled(): Promise<void>;
  cleanup(): Promise<void>;
}

export interface TestBusSetup {
  name: string;
  open(): Promise<TestBus>;
}

const inProcessBus: TestBusSetup = {
  name: 'the in-process bus',
  open: async () => {
    // No duplicate window: a second delivery of one event reaches the service, as after a restart.
    const bus = new InProcessBus({ duplicateWindowMs: 0 });
    return {
      publisher: bus,
      bus,
      env: {},
      // Its publish resolves only once the consumers applied the event: nothing is still in flight.
      handled: async () => undefined,
      cleanup: () => bus.close(),
    };
  },
};

function jetStreamBus(servers: string, label: string, publisherName: string): TestBusSetup {
  return {
    name: 'NATS JetStream',
    open: async () => {
      const names = uniqueStreamNames(label);
      const publisher = await JetStreamBus.connect({
        servers,
        stream: names.stream,
        subjectPrefix: names.subjectPrefix,
        name: publisherName,
      });
      return {
        publisher,
        bus: undefined,
        env: { NATS_URL: servers, NATS_STREAM: names.stream, NATS_SUBJECT_PREFIX: names.subjectPrefix },
        handled: () => waitForStreamDrained(servers, names.stream),
        cleanup: async () => {
          await publisher.close();
          await deleteTestStreams(servers, names);
        },
      };
    },
  };
}

export interface BusCase {
  /** `<bus> and <backing>`, for the suite's title. */
  name: string;
  backing: BackingFactory;
  bus: TestBusSetup;
}

/**
 * Each backing with each bus, for `describe.each`: `label` prefixes the suite's JetStream streams, and
 * `publisherName` names the test's connection after the service whose events it publishes.
 */
export function busCases(
  backings: BackingFactory[],
  { label, publisherName }: { label: string; publisherName: string },
): BusCase[] {
  const natsUrl = natsUrlFromEnv();
  const buses = natsUrl ? [inProcessBus, jetStreamBus(natsUrl, label, publisherName)] : [inProcessBus];
  return backings.flatMap((backing) =>
    buses.map((bus) => ({ name: `${bus.name} and ${backing.name}`, backing, bus })),
  );
}
