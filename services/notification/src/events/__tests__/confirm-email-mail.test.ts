/** The e-mail change link arrives at the new address over a real SMTP peer, once per event. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { backings, envelope } from '../../__tests__/harness.js';
import { useMailSuite } from '../../__tests__/mail-suite.js';

const BASE_URL = 'https://restaurant.example.com';

describe.each(backings())('the e-mail change link on $name', (factory) => {
  const { notification, sendTwice } = useMailSuite(factory, { PUBLIC_BASE_URL: BASE_URL });

  it('goes to the new address once, with a link valid for 24 hours', async () => {
    const now = notification.clock.now();
    const event = envelope(
      'auth.email-change.requested',
      {
        userId: 'user-moving',
        newEmail: `new-${randomBytes(4).toString('hex')}@example.com`,
        firstName: 'Ana',
        token: randomBytes(32).toString('base64url'),
        expiresAt: new Date(now.getTime() + 24 * 60 * 60_000).toISOString(),
      },
      { occurredAt: now },
    );
    const [mail] = await sendTwice(event);
    expect(mail!.recipients).toEqual([event.data.newEmail]);
    expect(mail!.parsed.subject).toBe('Confirm your new email address for Restaurant Consultant');
    expect(mail!.parsed.text).toContain(`${BASE_URL}/account/confirm-email?token=${event.data.token}`);
    expect(mail!.parsed.text).toContain('This link expires in 24 hours and works only once.');
    const rows = await notification.settledMessagesFor(event.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      template: 'confirm-email',
      status: 'sent',
      linkExpiresAt: new Date(event.data.expiresAt),
    });
  });
});
