/**
 * Through the bus as auth would publish: an `auth.password-reset.requested` envelope on the in-process
 * bus of the embedded mode and, when NATS_URL is set, on a JetStream stream of its own, arrives as an
 * e-mail at a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InProcessBus, JetStreamBus, type EventBus } from '@platform/service-kit/events';
import {
  deleteTestStreams,
  natsUrlFromEnv,
  uniqueStreamNames,
  type TestStreamNames,
} from '@platform/service-kit/testing';
import {
  backings,
  passwordResetRequested,
  startNotification,
  type Backing,
  type NotificationUnderTest,
} from '../../__tests__/harness.js';
import { startSmtpPeer, type SmtpPeer } from '../../__tests__/smtp-peer.js';

const natsUrl = natsUrlFromEnv();

interface BusSetup {
  name: string;
  /** The bus the test publishes on, and how the service is given its own. */
  open(): Promise<{
    publisher: EventBus;
    service: { bus: EventBus } | { bus: 'from-env'; env: Record<string, string> };
    cleanup(): Promise<void>;
  }>;
}

const inProcess: BusSetup = {
  name: 'the in-process bus',
  open: async () => {
    const bus = new InProcessBus();
    return { publisher: bus, service: { bus }, cleanup: () => bus.close() };
  },
};

const jetStream = (servers: string): BusSetup => ({
  name: 'NATS JetStream',
  open: async () => {
    const names: TestStreamNames = uniqueStreamNames('NOTIF');
    const publisher = await JetStreamBus.connect({
      servers,
      stream: names.stream,
      subjectPrefix: names.subjectPrefix,
      name: 'auth-under-test',
    });
    return {
      publisher,
      service: {
        bus: 'from-env',
        env: { NATS_URL: servers, NATS_STREAM: names.stream, NATS_SUBJECT_PREFIX: names.subjectPrefix },
      },
      cleanup: async () => {
        await publisher.close();
        await deleteTestStreams(servers, names);
      },
    };
  },
});

const buses = natsUrl ? [inProcess, jetStream(natsUrl)] : [inProcess];
const cases = backings().flatMap((backing) =>
  buses.map((bus) => ({ name: `${bus.name} and ${backing.name}`, backing, bus })),
);

describe.each(cases)('a reset request through $name', ({ backing: factory, bus: busSetup }) => {
  let backing: Backing;
  let peer: SmtpPeer;
  let setup: Awaited<ReturnType<BusSetup['open']>>;
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    backing = await factory.create();
    peer = await startSmtpPeer();
    setup = await busSetup.open();
    const env = { SMTP_URL: peer.url, ...('env' in setup.service ? setup.service.env : {}) };
    notification = await startNotification(backing, { env, bus: setup.service.bus });
  });

  afterAll(async () => {
    await notification?.stop();
    await setup?.cleanup();
    await peer?.stop();
    await backing?.cleanup();
  });

  it('arrives at the mail server as the set-password e-mail, once', async () => {
    const event = passwordResetRequested(notification.clock.now(), { firstName: 'Lena' });
    await setup.publisher.publish(event);
    const [mail] = await peer.waitForMail(1, 15_000);
    expect(mail!.recipients).toEqual([event.data.email]);
    expect(mail!.parsed.subject).toBe('Set your password for Restaurant Consultant');
    expect(mail!.parsed.text).toContain(`http://localhost:3000/setup-password?token=${event.data.token}`);
    expect(await notification.settledMessagesFor(event.id)).toMatchObject([{ status: 'sent', attempts: 1 }]);

    // The same message again (a publisher retrying after a lost ack) changes nothing.
    await setup.publisher.publish(event);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(peer.received).toHaveLength(1);
    expect(await notification.messagesFor(event.id)).toHaveLength(1);
  });
});
