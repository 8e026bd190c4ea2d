/** What the e-mails say and how they are built: branded, one narrow column, inline styles, safe text. */
import { describe, expect, it } from '@jest/globals';
import { escapeHtml } from '../layout.js';
import { describeDuration } from '../link-time-left.js';
import { renderSetPasswordEmail, setPasswordLink } from '../set-password.js';
import { renderTeamInvitationEmail } from '../learning.js';
import { renderWelcomeEmail } from '../welcome.js';
import { CUSTOMER_FOOTER, expectMobileFriendlyHtml, sentAt, settings } from './email-expectations.js';

const HOUR = 60 * 60_000;
type SetPasswordInput = Parameters<typeof renderSetPasswordEmail>[0];

describe('the set-password e-mail', () => {
  const token = 'AbC-123_xyz';
  /** The e-mail as sent for a link of `token` that expires in an hour, with the site's settings unless given. */
  const setPasswordEmail = (
    to: { email: string; firstName: string; token?: string },
    sent: SetPasswordInput['settings'] = settings,
  ) =>
    sentAt(renderSetPasswordEmail({ token, ...to, expiresAt: new Date(HOUR).toISOString(), settings: sent }));
  const email = setPasswordEmail({ email: 'owner@example.com', firstName: 'Ana' });
  const link = 'https://site.example/setup-password?token=AbC-123_xyz';

  it('has the subject, greeting, link and expiry in its text', () => {
    expect(email.subject).toBe('Set your password for Restaurant Consultant');
    expect(email.text).toBe(
      [
        'Hi Ana,',
        '',
        'Choose a password for your Restaurant Consultant account (owner@example.com) with the button below.',
        '',
        'Set your password:',
        link,
        '',
        'This link expires in 1 hour and works only once. If it has expired, use “Forgot your password?” on the sign-in page to get a new one.',
        '',
        'If you did not ask for this, ignore this e-mail: nothing changes on your account.',
        '',
        ...CUSTOMER_FOOTER,
      ].join('\n'),
    );
  });

  it('is a phone-friendly HTML page with a big button and the link again as text', () => {
    expectMobileFriendlyHtml(email);
    const button = email.html.match(/<a href="([^"]+)" style="([^"]+)">Set your password<\/a>/);
    expect(button?.[1]).toBe(link);
    expect(button?.[2]).toContain('display:block');
    expect(button?.[2]).toContain('padding:14px 20px');
    expect(email.html).toContain(`>${link}</a>`);
    expect(email.html).toContain('It expires in 1 hour.'); // the inbox preview line
    expect(email.html).toContain('href="mailto:help@site.example"');
  });

  it('escapes what the user typed and keeps the token in the link intact', () => {
    const hostile = setPasswordEmail({
      email: 'x@example.com',
      firstName: '<img src=x onerror=alert(1)>\n\nBcc: someone',
      token: 'a+b/c=',
    });
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).toContain('Hi &lt;img src=x onerror=alert(1)&gt; Bcc: someone,');
    expect(hostile.text).toContain('Hi <img src=x onerror=alert(1)> Bcc: someone,\n');
    expect(hostile.text).toContain('/setup-password?token=a%2Bb%2Fc%3D');
  });

  it('greets "there" when the account has no first name, and points to the contact page without a support address', () => {
    const plain = setPasswordEmail(
      { email: 'x@example.com', firstName: '  ' },
      { baseUrl: 'https://site.example' },
    );
    expect(plain.text.startsWith('Hi there,\n')).toBe(true);
    expect(plain.text).toContain('Questions? Write to us at https://site.example/contact.');
  });

  it('says how long the link lasts in hours or minutes', () => {
    expect([HOUR, HOUR - 20_000, 2 * HOUR, 30 * 60_000, 60_000, 1_000].map(describeDuration)).toEqual([
      '1 hour',
      '1 hour',
      '2 hours',
      '30 minutes',
      '1 minute',
      '1 minute',
    ]);
    expect(setPasswordLink('http://localhost:3000', 'tok')).toBe(
      'http://localhost:3000/setup-password?token=tok',
    );
  });
});

describe('the welcome e-mail', () => {
  const email = renderWelcomeEmail({ firstName: 'Marco', settings });

  it('welcomes by name and links to the dashboard', () => {
    expect(email.subject).toBe('Welcome to Restaurant Consultant');
    expect(email.text).toContain('Hi Marco,');
    expect(email.text).toContain('Go to your dashboard:\nhttps://site.example/dashboard\n');
    expect(email.html).toContain('href="https://site.example/dashboard"');
    expectMobileFriendlyHtml(email);
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in HTML text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('the staff invitation', () => {
  it('says how long its set-password link works, as the link was issued', () => {
    const invitation = sentAt(
      renderTeamInvitationEmail({
        ownerName: 'Ana Owner',
        setPassword: { token: 'tok_en-1', expiresAt: '2030-03-16T08:00:00.000Z' },
        settings,
      }),
      new Date('2030-03-13T08:00:00.000Z'),
    );
    expect(invitation.text).toContain('The link works for 3 days.');
    expect(invitation.text).toContain('https://site.example/setup-password?token=tok_en-1');
    expectMobileFriendlyHtml(invitation);
  });
});
