/**
 * Where messages go: nodemailer over SMTP when SMTP_URL is set, otherwise the delivery log. The log still
 * builds the message with nodemailer (JSON transport: same headers, same Message-ID) and only records it;
 * in development it also prints the message, so a developer can follow a set-password link.
 */
import nodemailer from 'nodemailer';
import type { Logger } from '@platform/service-kit/logger';
import type { NotificationConfig } from '../config.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** nodemailer's text/calendar alternative (an `.ics` invitation). */
  icalEvent?: { method: string; filename: string; content: string };
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface MailTransport {
  /** `smtp` marks delivered messages `sent`, `log` marks them `logged`. */
  readonly kind: 'smtp' | 'log';
  /** Resolves with the Message-ID once the server accepted the message; throws when it did not. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/** SMTP waits: short enough that a send ends long before a worker's claim on the message runs out. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function createMailTransport(config: NotificationConfig, logger: Logger): MailTransport {
  const defaults = {
    from: config.MAIL_FROM,
    ...(config.SUPPORT_EMAIL ? { replyTo: config.SUPPORT_EMAIL } : {}),
  };
  if (config.SMTP_URL) {
    const transporter = nodemailer.createTransport(
      { url: config.SMTP_URL, ignoreTLS: config.SMTP_IGNORE_TLS, ...SMTP_TIMEOUTS },
      defaults,
    );
    return {
      kind: 'smtp',
      send: async (mail) => {
        const info = await transporter.sendMail(mail);
        if (info.rejected.length > 0) throw new Error(`recipient refused: ${info.response}`);
        return { messageId: info.messageId };
      },
      close: () => transporter.close(),
    };
  }

  const transporter = nodemailer.createTransport({ jsonTransport: true }, defaults);
  const print = config.NODE_ENV === 'development';
  return {
    kind: 'log',
    send: async (mail) => {
      const info = await transporter.sendMail(mail);
      if (print) {
        // No mail server here: this line is how a developer reads the e-mail (and follows its link).
        logger.info(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          'e-mail logged, not sent (no SMTP_URL)',
        );
      } else {
        logger.info(
          { to: mail.to, subject: mail.subject },
          'e-mail logged, not sent (no SMTP_URL); see GET /api/admin/mail',
        );
      }
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}
