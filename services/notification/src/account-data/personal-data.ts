/**
 * Which of notification's tables hold a person's data (docs/decisions.md, 102–103): the e-mails sent to
 * them or naming their address (the admin's notices about their requests), and their e-mail preferences.
 * All of it goes on deletion. An e-mail is exported as it was sent: with the time its links had left then.
 */
import { or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  rowsOfUser,
  sameEmail,
  type PersonalDataPlan,
  type Person,
} from '@platform/service-kit/personal-data';
import { messages, nudgePreferences } from '../db/schema.js';
import { sentAsOf } from '../messages/delivery-worker.js';

const mentions = (column: PgColumn, p: Person) =>
  p.email ? sql`strpos(lower(${column}), ${p.email.toLowerCase()}) > 0` : sql`false`;

export const notificationPersonalData: PersonalDataPlan = {
  erasedOn: 'auth.account.deleted',
  tables: [
    {
      table: messages,
      where: (p) =>
        or(sameEmail(messages.toAddress, p), mentions(messages.textBody, p), mentions(messages.htmlBody, p)),
      erase: 'delete',
      omit: ['htmlBody', 'headers'],
      exported: (row) => {
        const message = row as typeof messages.$inferSelect;
        const sent = sentAsOf(message, message.sentAt ?? message.createdAt);
        return { ...row, subject: sent.subject, textBody: sent.text };
      },
    },
    rowsOfUser(nudgePreferences, 'delete', ['unsubscribeToken']),
  ],
};
