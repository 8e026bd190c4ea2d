/**
 * How long a mail's links still work, said as of the moment the mail is sent: a template writes
 * `timeLeftUntil(expiresAt)` where the words go, and delivery (messages/delivery-worker.ts) writes the time
 * left then. A mail held back while the mail server was down never promises more than its link has. The
 * admin's delivery log shows the words as they were sent (messages/list-recent-mail.ts).
 */
import type { RenderedEmail } from './layout.js';

const TIME_LEFT = /\{\{time left until ([0-9TZ:.+-]+)\}\}/g;

/** Stands where a template says how long a link expiring at `expiresAt` still works. */
export function timeLeftUntil(expiresAt: string | Date): string {
  return `{{time left until ${new Date(expiresAt).toISOString()}}}`;
}

/**
 * "1 hour", "2 hours", "30 minutes", "7 days": whole hours when it is whole hours, else minutes; from two
 * days on, whole days rounded down (a link that arrives a little late never promises more than it has).
 */
export function describeDuration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes >= 2 * 24 * 60) return `${Math.floor(minutes / (24 * 60))} days`;
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The mail as sent at `at`: each link's time left written where its template left room for it. */
export function withTimeLeftAt<T extends RenderedEmail>(mail: T, at: Date): T {
  const fill = (part: string) =>
    part.replace(TIME_LEFT, (_, expiresAt: string) => describeDuration(Date.parse(expiresAt) - at.getTime()));
  return { ...mail, subject: fill(mail.subject), text: fill(mail.text), html: fill(mail.html) };
}
