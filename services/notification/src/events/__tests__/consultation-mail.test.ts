/**
 * Consultation and contact events → e-mails over a real SMTP peer: the owner's confirmation with the
 * add-files link and the support inbox's notice on completion, the admin's response to the owner, the
 * 'Continue Later' link back to step 2, the e-mailed add-files link of a look-up, a thread message to the
 * other side, a contact message to support; each once per event, with the owner's words escaped in HTML. Without a support inbox the notices
 * are skipped and the owner's mail still goes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { DAY } from '@platform/service-kit/clock';
import { InProcessBus } from '@platform/service-kit/events';
import { backings, envelope, startNotification } from '../../__tests__/harness.js';
import { startSmtpPeer, type ReceivedMail } from '../../__tests__/smtp-peer.js';
import { useMailSuite } from '../../__tests__/mail-suite.js';

const BASE_URL = 'https://restaurant.example.com';
const SUPPORT = 'support@restaurant.example.com';

const owner = () => `owner-${randomBytes(3).toString('hex')}@example.com`;
const token = () => randomBytes(32).toString('base64url');

function completed(email = owner()) {
  return envelope('consultation.submission.completed', {
    submissionId: randomBytes(16).toString('base64url'),
    userId: null,
    email,
    ownerName: 'Rosa <b>Díaz</b>',
    businessName: 'Casa Rosa & Sons',
    restaurantName: 'Casa Rosa',
    location: 'Austin, TX',
    imageCount: 3,
    videoCount: 1,
    documentCount: 1,
    addFilesToken: token(),
    completedAt: new Date().toISOString(),
  });
}

const byRecipient = (mails: ReceivedMail[], to: string) => mails.find((mail) => mail.recipients.includes(to));

describe.each(backings())('consultation e-mails over SMTP on $name', (factory) => {
  const { peer, notification, sendTwice, sendOnce } = useMailSuite(factory, {
    PUBLIC_BASE_URL: BASE_URL,
    SUPPORT_EMAIL: SUPPORT,
  });

  it('confirms a completed request to the owner with the add-files link and tells support, once', async () => {
    const event = completed();
    const mails = await sendTwice(event, 2);
    const confirmation = byRecipient(mails, event.data.email)!;
    const link = `${BASE_URL}/additional-upload?token=${event.data.addFilesToken}`;
    expect(confirmation.parsed.subject).toBe('We received your free consultation request');
    expect(confirmation.parsed.text).toContain('Hi Rosa,');
    expect(confirmation.parsed.text).toContain(
      'Thank you for your consultation request for Casa Rosa & Sons.',
    );
    expect(confirmation.parsed.text).toContain('3 photos, 1 video and 1 document');
    expect(confirmation.parsed.text).toContain('24-48 hours');
    expect(confirmation.parsed.text).toContain(`\n${link}\n`);
    expect(String(confirmation.parsed.html)).toContain(`href="${link}"`);

    const notice = byRecipient(mails, SUPPORT)!;
    expect(notice.parsed.subject).toBe('New consultation request: Casa Rosa & Sons');
    expect(notice.parsed.text).toContain(`<${event.data.email}>`);
    expect(notice.parsed.text).toContain(`${BASE_URL}/private-admin-panel-support-only`);
    expect(String(notice.parsed.html)).toContain('Rosa &lt;b&gt;Díaz&lt;/b&gt;');
    expect(String(notice.parsed.html)).not.toContain('<b>Díaz</b>');

    // Both publishes were applied (the in-process bus resolves after the handler), and every message of
    // the event is delivered: exactly two were queued, so no third mail can still be on its way.
    const settled = await notification.settledMessagesFor(event.id);
    expect(settled).toHaveLength(2);
    expect(settled).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ template: 'consultation-received', status: 'sent' }),
        expect.objectContaining({ template: 'consultation-new-request', status: 'sent' }),
      ]),
    );
    expect(peer.received).toHaveLength(2);
  });

  it('sends the owner the admin’s response, paragraph by paragraph', async () => {
    const email = owner();
    const event = envelope('consultation.submission.responded', {
      submissionId: randomBytes(16).toString('base64url'),
      userId: randomUUID(),
      email,
      ownerName: 'Rosa Díaz',
      businessName: 'Casa Rosa',
      consultationResponse: 'Move the host stand to the door.\n\nLight the menu board <script>x</script>.',
      completedAt: new Date().toISOString(),
    });
    const [mail] = await sendOnce(event);
    expect(mail!.recipients).toEqual([email]);
    expect(mail!.parsed.subject).toBe('Your consultation for Casa Rosa is ready');
    expect(mail!.parsed.text).toContain('Move the host stand to the door.\n\nLight the menu board');
    expect(mail!.parsed.text).toContain(`${BASE_URL}/my-consultations`);
    expect(String(mail!.parsed.html)).toContain('&lt;script&gt;');
    expect(String(mail!.parsed.html)).not.toContain('<script>');
  });

  it('e-mails the add-files links of a look-up to the address, and nothing once they expired', async () => {
    const now = notification.clock.now();
    const email = owner();
    const links = [
      {
        submissionId: 'a1',
        businessName: 'Casa Rosa',
        token: token(),
        expiresAt: new Date(now.getTime() + DAY).toISOString(),
      },
      {
        submissionId: 'b2',
        businessName: 'Rosa Food Truck',
        token: token(),
        expiresAt: new Date(now.getTime() + 2 * DAY).toISOString(),
      },
    ];
    const event = envelope('consultation.lookup.requested', { email, links, requestedAt: now.toISOString() });
    const [mail] = await sendOnce(event);
    expect(mail!.recipients).toEqual([email]);
    expect(mail!.parsed.subject).toBe('Add files to your consultation request');
    expect(mail!.parsed.text).toContain(`${BASE_URL}/additional-upload?token=${links[0]!.token}`);
    expect(mail!.parsed.text).toContain(
      `Rosa Food Truck: ${BASE_URL}/additional-upload?token=${links[1]!.token}`,
    );
    expect(mail!.parsed.text).toContain('The link expires in 24 hours.');
    // It is worth sending while any of its links works: its expiry is the last one.
    expect(await notification.settledMessagesFor(event.id)).toEqual([
      expect.objectContaining({ status: 'sent', linkExpiresAt: new Date(links[1]!.expiresAt) }),
    ]);

    peer.received.length = 0;
    const stale = envelope('consultation.lookup.requested', {
      email: owner(),
      links: [{ ...links[0]!, expiresAt: new Date(now.getTime() - 1_000).toISOString() }],
      requestedAt: now.toISOString(),
    });
    // The handler has run once publish resolves: it queued nothing, so nothing can be delivered later.
    await notification.publish(stale);
    expect(await notification.messagesFor(stale.id)).toEqual([]);
    expect(peer.received).toHaveLength(0);
  });

  it("e-mails the owner the 'Continue Later' link back to step 2, once, and nothing once it expired", async () => {
    const now = notification.clock.now();
    const email = owner();
    const link = token();
    const event = envelope('consultation.continue-link.requested', {
      submissionId: randomBytes(16).toString('base64url'),
      email,
      ownerName: 'Rosa Díaz',
      businessName: 'Casa Rosa & Sons',
      token: link,
      expiresAt: new Date(now.getTime() + 30 * DAY).toISOString(),
      requestedAt: now.toISOString(),
    });
    const [mail] = await sendTwice(event);
    expect(mail!.recipients).toEqual([email]);
    expect(mail!.parsed.subject).toBe('Continue your free consultation request');
    expect(mail!.parsed.text).toContain('Hi Rosa,');
    expect(mail!.parsed.text).toContain('Your business information for Casa Rosa & Sons is saved.');
    expect(mail!.parsed.text).toContain(`\n${BASE_URL}/consultation?token=${link}\n`);
    expect(mail!.parsed.text).toContain('The link works for 30 days');
    expect(String(mail!.parsed.html)).toContain(`href="${BASE_URL}/consultation?token=${link}"`);
    expect(await notification.settledMessagesFor(event.id)).toEqual([
      expect.objectContaining({
        template: 'consultation-continue-link',
        status: 'sent',
        linkExpiresAt: new Date(event.data.expiresAt),
      }),
    ]);
    expect(peer.received).toHaveLength(1);

    peer.received.length = 0;
    const stale = envelope('consultation.continue-link.requested', {
      ...event.data,
      token: token(),
      expiresAt: new Date(now.getTime() - 1_000).toISOString(),
    });
    await notification.publish(stale);
    expect(await notification.messagesFor(stale.id)).toEqual([]);
    expect(peer.received).toHaveLength(0);
  });

  it('sends a thread message to the other side once: the admin’s to the owner, the owner’s to support', async () => {
    const email = owner();
    const message = (author: 'owner' | 'admin', body: string, fileCount = 0) =>
      envelope('consultation.message.posted', {
        messageId: randomUUID(),
        submissionId: randomBytes(16).toString('base64url'),
        author,
        email,
        ownerName: 'Rosa Díaz',
        businessName: 'Casa Rosa & Sons',
        body,
        fileCount,
        postedAt: new Date().toISOString(),
      });
    const question = message('owner', 'Can we talk about the patio?\nIt seats 20 <b>guests</b>.');
    await notification.publishTwice(question);
    const [toSupport] = await peer.waitForMail(1);
    expect(toSupport!.recipients).toEqual([SUPPORT]);
    expect(toSupport!.parsed.subject).toBe('New message from Rosa Díaz: Casa Rosa & Sons');
    expect(toSupport!.parsed.text).toContain(`Rosa Díaz <${email}> wrote about Casa Rosa & Sons:`);
    expect(toSupport!.parsed.text).toContain('Can we talk about the patio?\n\nIt seats 20 <b>guests</b>.');
    expect(toSupport!.parsed.text).toContain(`${BASE_URL}/private-admin-panel-support-only`);
    expect(toSupport!.parsed.text).not.toContain('attached to this reply');
    expect(String(toSupport!.parsed.html)).toContain('&lt;b&gt;guests&lt;/b&gt;');
    expect(String(toSupport!.parsed.html)).not.toContain('<b>guests</b>');
    expect(await notification.settledMessagesFor(question.id)).toEqual([
      expect.objectContaining({ template: 'consultation-message-to-support', status: 'sent' }),
    ]);

    peer.received.length = 0;
    const answer = message('admin', 'Yes: Tuesday at 10 works for us.', 2);
    await notification.publish(answer);
    const [toOwner] = await peer.waitForMail(1);
    expect(toOwner!.recipients).toEqual([email]);
    expect(toOwner!.parsed.subject).toBe('A new message about your consultation for Casa Rosa & Sons');
    expect(toOwner!.parsed.text).toContain('Hi Rosa,');
    expect(toOwner!.parsed.text).toContain('Yes: Tuesday at 10 works for us.');
    expect(toOwner!.parsed.text).toContain(
      '2 files are attached to this reply: open the conversation in My Consultations to download them.',
    );
    expect(toOwner!.parsed.attachments).toEqual([]);
    expect(toOwner!.parsed.text).toContain(`${BASE_URL}/my-consultations`);
    expect(await notification.settledMessagesFor(answer.id)).toEqual([
      expect.objectContaining({ template: 'consultation-message-to-owner', status: 'sent' }),
    ]);
    expect(peer.received).toHaveLength(1);
  });

  it('sends a contact message to support with a reply link to the sender', async () => {
    const event = envelope('contact.message.received', {
      contactId: randomUUID(),
      firstName: 'Rosa',
      lastName: 'Díaz',
      email: 'rosa@casarosa.example',
      phone: null,
      restaurantName: 'Casa Rosa',
      subject: 'pricing',
      message: 'Do you offer a payment plan for the programme?',
      receivedAt: new Date().toISOString(),
    });
    const [mail] = await sendOnce(event);
    expect(mail!.recipients).toEqual([SUPPORT]);
    expect(mail!.parsed.subject).toBe('Contact form (pricing): Rosa Díaz');
    expect(mail!.parsed.text).toContain('From: Rosa Díaz <rosa@casarosa.example>');
    expect(mail!.parsed.text).toContain('Do you offer a payment plan for the programme?');
    expect(mail!.parsed.text).toContain('mailto:rosa@casarosa.example');
  });
});

describe.each(backings())('without a support inbox on $name', (factory) => {
  it('still confirms to the owner and skips the support notice', async () => {
    const backing = await factory.create();
    const peer = await startSmtpPeer();
    const notification = await startNotification(backing, {
      env: { SMTP_URL: peer.url, PUBLIC_BASE_URL: BASE_URL },
      bus: new InProcessBus({ duplicateWindowMs: 0 }),
    });
    try {
      const event = completed();
      await notification.publish(event);
      const [mail] = await peer.waitForMail(1);
      expect(mail!.recipients).toEqual([event.data.email]);
      // The event's one queued message is settled: no support notice is still on its way.
      expect(await notification.settledMessagesFor(event.id)).toEqual([
        expect.objectContaining({ template: 'consultation-received', status: 'sent' }),
      ]);
      expect(peer.received).toHaveLength(1);
    } finally {
      await notification.stop();
      await notification.bus.close();
      await peer.stop();
      await backing.cleanup();
    }
  });
});
