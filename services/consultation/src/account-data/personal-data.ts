/**
 * Which of consultation's tables hold a person's data (docs/decisions.md, 102–103): their requests (by
 * account or by the address they gave), with the files, links and thread, and their contact messages. All
 * of it goes on deletion, the photos, video and menu from storage too.
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
  contactSubmissions,
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
      table: submissionMessages,
      where: ofOwnSubmission(submissionMessages.submissionId),
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
