/**
 * The signed agreement → 'Your Premium Success agreement' over a real SMTP peer, with the agreement's PDF
 * attached byte for byte, sent once however often the event is delivered.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { backings, envelope } from '../../__tests__/harness.js';
import { useMailSuite } from '../../__tests__/mail-suite.js';

const BASE_URL = 'https://restaurant.example.com';

describe.each(backings())('the signed agreement e-mail over SMTP on $name', (factory) => {
  const { peer, notification, sendTwice } = useMailSuite(factory, { PUBLIC_BASE_URL: BASE_URL });

  it('sends the agreement once, with its PDF attached', async () => {
    const pdf = Buffer.from('%PDF-1.7 the agreement');
    const event = envelope('revenue.agreement.issued', {
      planId: randomUUID(),
      userId: randomUUID(),
      email: `owner-${randomBytes(3).toString('hex')}@example.com`,
      firstName: 'Rosa',
      termsVersion: 'v1.0',
      consentedAt: '2030-01-05T12:00:00.000Z',
      agreementPdf: pdf.toString('base64'),
    });
    const [mail] = await sendTwice(event);
    expect(await notification.settledMessagesFor(event.id)).toEqual([
      expect.objectContaining({ template: 'revenue-agreement', status: 'sent' }),
    ]);
    expect(peer.received).toHaveLength(1);
    expect(mail!.recipients).toEqual([event.data.email]);
    expect(mail!.parsed.subject).toBe('Your Premium Success agreement');
    expect(mail!.parsed.text).toContain('Hi Rosa,');
    expect(mail!.parsed.text).toContain(
      'Your signed agreement is attached as a PDF: the Revenue Share Terms (v1.0) you agreed to on January 5, 2030',
    );
    expect(mail!.parsed.text).toContain(`\n${BASE_URL}/dashboard\n`);
    expect(mail!.parsed.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: 'premium-success-agreement-v1.0.pdf', contentType: 'application/pdf' },
    ]);
    expect(mail!.parsed.attachments[0]!.content.equals(pdf)).toBe(true);
  });
});
