import { DEFAULT_SERVICE_PORTS } from '@platform/contracts/services';
import { envBoolean, publicBaseUrlSetting } from '@platform/service-kit/config';
import { serviceConfigSchema } from '@platform/service-kit/runtime';
import { z } from 'zod';

export const DEFAULT_MAIL_FROM = 'Restaurant Consultant <no-reply@restaurant-consultant.local>';

export const notificationConfigSchema = serviceConfigSchema(
  'notification',
  DEFAULT_SERVICE_PORTS.notification,
  {
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        error: 'must be a URL such as smtp://mailpit:1025 or smtps://user:pass@host',
      })
      .optional()
      .describe(
        'e.g. `smtp://mailpit:1025`; unset: messages are stored in the delivery log (readable at `/api/admin/mail`) and printed in development',
      ),
    SMTP_IGNORE_TLS: envBoolean
      .default(false)
      .describe(
        'do not upgrade to TLS even when the server offers STARTTLS (SMTP catchers with broken certificates)',
      ),
    MAIL_FROM: z.string().trim().min(1).default(DEFAULT_MAIL_FROM).describe('the sender of every e-mail'),
    PUBLIC_BASE_URL: publicBaseUrlSetting("the site's address as users reach it, for links in e-mails"),
    SUPPORT_EMAIL: z
      .email('must be an e-mail address')
      .optional()
      .describe(
        'named in e-mails as the address to write to, and their Reply-To; receives new requests and contact messages',
      ),
    // docs/decisions.md, 11
    ADMIN_EMAIL: z
      .email('must be an e-mail address')
      .optional()
      .describe(
        'the support admin: receives new consultation requests and contact messages when `SUPPORT_EMAIL` is not set',
      ),
  },
);

export type NotificationConfig = z.infer<typeof notificationConfigSchema>;
