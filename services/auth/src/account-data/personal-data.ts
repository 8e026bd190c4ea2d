/** Which of auth's tables hold a person's data (docs/decisions.md, 102–103): all of it goes on deletion. */
import { eq } from 'drizzle-orm';
import { rowsOfUser, type PersonalDataPlan } from '@platform/service-kit/personal-data';
import { emailChanges, memberGrants, passwordTokens, sessions, users } from '../db/schema.js';

export const authPersonalData: PersonalDataPlan = {
  // The account's own rows first, the account last (the others refer to it); secrets stay out.
  tables: [
    rowsOfUser(sessions, 'delete', ['id']),
    rowsOfUser(passwordTokens, 'delete', ['id']),
    rowsOfUser(emailChanges, 'delete', ['id']),
    rowsOfUser(memberGrants),
    {
      table: users,
      where: (p) => eq(users.id, p.userId),
      erase: 'delete',
      omit: ['passwordHash'],
    },
  ],
};
