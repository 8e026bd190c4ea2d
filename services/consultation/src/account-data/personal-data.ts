/**
 * Which of consultation's tables hold a person's data (docs/decisions.md, 102–103): their requests (by
 * account or by the address they gave), with the files, links, thread (and the files on the admin's
 * answers), booked calls, and their contact messages. All of it goes on deletion, every stored file too.
 */
import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  sameEmail,
  storedFileUnder,
  type PersonalDataPlan,
  type Person,
} from '@platform/service-kit/personal-data';
import {
  addFilesLinks,
  callBookings,
  contactSubmissions,
  messageFiles,
  submissionFiles,
  submissionMessages,
  submissions,
} from '../db/schema.js';

const ownSubmission = (p: Person) => or(eq(submissions.userId, p.userId), sameEmail(submissions.email, p));
const ofOwnSubmission = (column: PgColumn): ((p: Person) => SQL) => {
  return (p) => sql`${column} in (select ${submissions.id} from ${submissions} where ${ownSubmission(p)})`;
};

export const consultationPersonalData: PersonalDataPlan = {
  erasedOn: 'auth.account.deleted',
  tables: [
    {
      table: submissionFiles,
      where: ofOwnSubmission(submissionFiles.submissionId),
      erase: 'delete',
      file: storedFileUnder('submissionId'),
    },
    {
      table: addFilesLinks,
      where: ofOwnSubmission(addFilesLinks.submissionId),
      erase: 'delete',
      omit: ['tokenHash'],
    },
    {
      // Before their messages: the rows go with them, and the plan collects the files' keys first.
      table: messageFiles,
      where: (p) =>
        sql`${messageFiles.messageId} in (select ${submissionMessages.id} from ${submissionMessages} where ${ofOwnSubmission(submissionMessages.submissionId)(p)})`,
      erase: 'delete',
      file: storedFileUnder('messageId'),
    },
    {
      table: submissionMessages,
      where: ofOwnSubmission(submissionMessages.submissionId),
      erase: 'delete',
    },
    {
      table: callBookings,
      where: ofOwnSubmission(callBookings.submissionId),
      erase: 'delete',
    },
    {
      table: submissions,
      where: ownSubmission,
      erase: 'delete',
      omit: ['uploadTokenHash'],
    },
    {
      table: contactSubmissions,
      where: (p) => sameEmail(contactSubmissions.email, p),
      erase: 'delete',
    },
  ],
};
