/** The notification service's settings: mail goes to the log unless SMTP_URL says where to send it. */
import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@platform/service-kit/config';
import { loadTestConfig } from './config-helpers.js';

describe('notification config', () => {
  it('defaults to the delivery log, the brand sender and the local site', () => {
    const config = loadTestConfig();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.SUPPORT_EMAIL).toBeUndefined();
    expect(config).toMatchObject({
      SMTP_IGNORE_TLS: false,
      MAIL_FROM: 'Restaurant Consultant <no-reply@restaurant-consultant.local>',
      PUBLIC_BASE_URL: 'http://localhost:3000',
      PORT: 4006,
    });
  });

  it('reads the SMTP server, sender, site address (without a trailing slash) and support address', () => {
    expect(
      loadTestConfig({
        SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
        SMTP_IGNORE_TLS: 'true',
        MAIL_FROM: 'Support <help@example.com>',
        PUBLIC_BASE_URL: 'https://example.com/',
        SUPPORT_EMAIL: 'help@example.com',
      }),
    ).toMatchObject({
      SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
      SMTP_IGNORE_TLS: true,
      MAIL_FROM: 'Support <help@example.com>',
      PUBLIC_BASE_URL: 'https://example.com',
      SUPPORT_EMAIL: 'help@example.com',
    });
  });

  it.each([
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'mailpit:1025'],
    ['PUBLIC_BASE_URL', 'example.com'],
    ['SUPPORT_EMAIL', 'support'],
    ['SMTP_IGNORE_TLS', 'maybe'],
  ])('refuses %s=%s, naming the variable', (variable, value) => {
    expect(() => loadTestConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadTestConfig({ [variable]: value })).toThrow(new RegExp(`${variable}: `));
  });
});
