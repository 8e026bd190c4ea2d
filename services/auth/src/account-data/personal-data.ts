/** Which of auth's tables hold a person's data (docs/decisions.md, 102–103): all of it goes on deletion. */
import { eq } from 'drizzle-orm';
import { rowsOfUser, type PersonalDataPlan } from '@platform/service-kit/personal-data';
import { emailChanges, memberGrants, passwordTokens, sessions, users } from '../db/schema.js';

export const authPersonalData: PersonalDataPlan = {
  // The account's own rows first, the account last (the others refer to it); secrets stay out.
  tables: [
    rowsOfUser('sessions', sessions, sessions.userId, 'delete', ['id']),
    rowsOfUser('password_tokens', passwordTokens, passwordTokens.userId, 'delete', ['id']),
    rowsOfUser('email_changes', emailChanges, emailChanges.userId, 'delete', ['id']),
    rowsOfUser('member_grants', memberGrants, memberGrants.userId),
    {
      name: 'users',
      table: users,
      where: (p) => eq(users.id, p.userId),
      erase: 'delete',
      omit: ['passwordHash'],
    },
  ],
};
