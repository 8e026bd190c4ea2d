/**
 * The set-up of the suites that send real e-mail: the notification service on the suite's backing, sending
 * to an SMTP peer of the suite's own, over an in-process bus with no duplicate window (a second delivery
 * of one event reaches the service, as after a restart). After each test the peer forgets what it
 * received and accepts mail again.
 */
import { afterEach } from '@jest/globals';
import type { EventEnvelope } from '@platform/contracts';
import { InProcessBus } from '@platform/service-kit/events';
import { lateBound, useBacking, type BackingFactory } from '@platform/service-kit/testing';
import { startNotification, type NotificationUnderTest } from './harness.js';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from './smtp-peer.js';

export interface MailSuite {
  peer: SmtpPeer;
  notification: NotificationUnderTest;
  /**
   * Publishes `event` twice (`publishTwice`, a delivery again after a lost acknowledgement) and answers
   * the `count` mails (1 unless given) the peer then receives.
   */
  sendTwice(event: EventEnvelope, count?: number): Promise<ReceivedMail[]>;
  /** Publishes `event` once and answers the `count` mails (1 unless given) the peer then receives. */
  sendOnce(event: EventEnvelope, count?: number): Promise<ReceivedMail[]>;
}

/**
 * `env` comes on top of `SMTP_URL`. The peer and the service it returns (`const { peer, notification } =
 * useMailSuite(…)`) stand for the ones the suite's `beforeAll` starts; `started`, where given, receives
 * them then.
 */
export function useMailSuite(
  factory: BackingFactory,
  env: Record<string, string>,
  started?: (suite: MailSuite) => void,
): MailSuite {
  let peer: SmtpPeer | undefined;
  let notification: NotificationUnderTest | undefined;
  const sendTwice = async (event: EventEnvelope, count = 1) => {
    await notification!.publishTwice(event);
    return peer!.waitForMail(count);
  };
  const sendOnce = async (event: EventEnvelope, count = 1) => {
    await notification!.publish(event);
    return peer!.waitForMail(count);
  };
  useBacking(factory, async (backing) => {
    peer = await startSmtpPeer();
    notification = await startNotification(backing, {
      env: { SMTP_URL: peer.url, ...env },
      bus: new InProcessBus({ duplicateWindowMs: 0 }),
    });
    started?.({ peer, notification, sendTwice, sendOnce });
    return {
      stop: async () => {
        await notification?.stop();
        await notification?.bus.close();
        await peer?.stop();
      },
    };
  });
  afterEach(() => {
    if (!peer) return;
    peer.received.length = 0;
    peer.refuseWith = null;
  });
  return {
    peer: lateBound(() => peer, 'the SMTP peer'),
    notification: lateBound(() => notification, 'the notification service'),
    sendTwice,
    sendOnce,
  };
}
