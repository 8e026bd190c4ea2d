/**
 * Through the bus as auth would publish: an `auth.password-reset.requested` envelope on the in-process
 * bus of the embedded mode and, when NATS_URL is set, on a JetStream stream of its own, arrives as an
 * e-mail at a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { busCases, type TestBus } from '@platform/service-kit/testing';
import {
  backings,
  passwordResetRequested,
  startNotification,
  type Backing,
  type NotificationUnderTest,
} from '../../__tests__/harness.js';
import { startSmtpPeer, type SmtpPeer } from '../../__tests__/smtp-peer.js';

const cases = busCases(backings(), { label: 'NOTIF', publisherName: 'auth-under-test' });

describe.each(cases)('a reset request through $name', ({ backing: factory, bus: busSetup }) => {
  let backing: Backing;
  let peer: SmtpPeer;
  let setup: TestBus;
  let notification: NotificationUnderTest;

  beforeAll(async () => {
    backing = await factory.create();
    peer = await startSmtpPeer();
    setup = await busSetup.open();
    notification = await startNotification(backing, {
      env: { SMTP_URL: peer.url, ...setup.env },
      bus: setup.bus ?? 'from-env',
    });
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
    await setup.handled();
    expect(peer.received).toHaveLength(1);
    expect(await notification.messagesFor(event.id)).toHaveLength(1);
  });
});
