/**
 * A consultation call's e-mails over a real SMTP peer: a booking sends the owner and support an `.ics`
 * invitation (METHOD:REQUEST) with the time in each reader's zone, named; a cancellation sends both the
 * same event's cancellation (METHOD:CANCEL, the same UID, SEQUENCE 1); each once per event.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { backings, envelope } from '../../__tests__/harness.js';
import type { ReceivedMail } from '../../__tests__/smtp-peer.js';
import { useMailSuite } from '../../__tests__/mail-suite.js';

const BASE_URL = 'https://restaurant.example.com';
const SUPPORT = 'support@restaurant.example.com';

function callData(email: string) {
  return {
    bookingId: randomUUID(),
    submissionId: randomBytes(16).toString('base64url'),
    email,
    ownerName: 'Rosa Díaz',
    businessName: 'Casa Rosa',
    startsAt: '2026-12-10T20:00:00.000Z',
    endsAt: '2026-12-10T20:30:00.000Z',
    ownerTimeZone: 'America/New_York',
    adminTimeZone: 'America/Denver',
    sequence: 0,
    changedAt: new Date().toISOString(),
  };
}

/** The text/calendar part mailparser hands over, unfolded. */
function calendarOf(mail: ReceivedMail): string {
  const part = mail.parsed.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  expect(part).toBeDefined();
  return part!.content.toString('utf8').replace(/\r?\n[ \t]/g, '');
}

describe.each(backings())('consultation call e-mails over SMTP on $name', (factory) => {
  const suite = useMailSuite(factory, { PUBLIC_BASE_URL: BASE_URL, SUPPORT_EMAIL: SUPPORT });

  it('invites the owner and support with an .ics, each in their zone, then withdraws it once cancelled', async () => {
    const { peer, notification } = suite;
    const email = `owner-${randomBytes(3).toString('hex')}@example.com`;
    const booked = envelope('consultation.call.booked', callData(email));
    await notification.publishTwice(booked);
    const invitations = await peer.waitForMail(2);
    const toOwner = invitations.find((mail) => mail.recipients.includes(email))!;
    const toSupport = invitations.find((mail) => mail.recipients.includes(SUPPORT))!;

    expect(toOwner.parsed.subject).toBe(
      'Your consultation call is booked: Thursday, Dec 10, 2026, 3:00 PM EST',
    );
    expect(toOwner.parsed.text).toContain('Your consultation call about Casa Rosa is booked for Thursday');
    expect(toOwner.parsed.text).toContain(`${BASE_URL}/my-consultations`);
    expect(toSupport.parsed.subject).toBe(
      'Call booked: Rosa Díaz, Casa Rosa, Thursday, Dec 10, 2026, 1:00 PM MST',
    );

    const uid = `consultation-call-${booked.data.bookingId}@restaurant-consultant`;
    for (const mail of [toOwner, toSupport]) {
      const ics = calendarOf(mail);
      expect(ics).toContain('METHOD:REQUEST');
      expect(ics).toContain(`UID:${uid}`);
      expect(ics).toContain('DTSTART:20261210T200000Z');
      expect(ics).toContain('DTEND:20261210T203000Z');
      expect(ics).toContain('SEQUENCE:0');
      expect(ics).toContain('STATUS:CONFIRMED');
      expect(ics).toContain(`mailto:${email}`);
      expect(ics).toContain(`MAILTO:${SUPPORT}`);
    }
    expect(await notification.settledMessagesFor(booked.id)).toHaveLength(2);

    const cancelled = envelope('consultation.call.cancelled', { ...booked.data, sequence: 1 });
    await notification.publish(cancelled);
    const withdrawals = (await peer.waitForMail(4)).slice(2);
    const ownerCancel = withdrawals.find((mail) => mail.recipients.includes(email))!;
    expect(ownerCancel.parsed.subject).toBe(
      'Your consultation call is cancelled: Thursday, Dec 10, 2026, 3:00 PM EST',
    );
    for (const mail of withdrawals) {
      const ics = calendarOf(mail);
      expect(ics).toContain('METHOD:CANCEL');
      expect(ics).toContain(`UID:${uid}`);
      expect(ics).toContain('SEQUENCE:1');
      expect(ics).toContain('STATUS:CANCELLED');
    }
    expect(await notification.settledMessagesFor(cancelled.id)).toHaveLength(2);
    expect(peer.received).toHaveLength(4);
  });
});
