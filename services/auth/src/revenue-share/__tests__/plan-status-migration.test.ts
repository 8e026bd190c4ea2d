/**
 * The migrations that leave the revenue service's state to it
 * (docs/decisions/0075-each-service-owns-its-domain-s-state.md): a database as it was before, with owners
 * auth had marked `rs_blocked`, opened with every migration. Each gets the plan status auth records
 * without the block (`rs_active` with a submitted consultation or a paid course, `rs_pending` otherwise);
 * the reminder timestamps and the ledger's sequence are gone (the revenue service keeps every reminder it
 * sent). On PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { migrationPlaces, migrationsBefore } from '@platform/service-kit/testing';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { authService } from '../../service.js';

describe.each(migrationPlaces('auth'))('the plan status without the block on %s', (_name, create) => {
  it('gives each blocked owner the plan status auth records without the block', async () => {
    const place = await create();
    const before = await migrationsBefore(authService.migrationsFolder, '0007_plan_status_without_block');
    const owners = {
      submitted: randomUUID(),
      paid: randomUUID(),
      waiting: randomUUID(),
      refunded: randomUUID(),
      active: randomUUID(),
    };
    try {
      const old = await place.open(before.folder);
      const owner = (id: string, name: string, planStatus: string, consultation: string) =>
        sql`(${id}, ${name}, ${`${name}@example.com`}, ${planStatus}, ${consultation}, 3, '2030-01-16T09:00:00Z')`;
      await old.db.execute(sql`
        insert into auth.users
          (id, username, email, plan_status, consultation_status, revenue_status_sequence, reminder24h_sent_at)
        values ${sql.join(
          [
            owner(owners.submitted, 'submitted', 'rs_blocked', 'submitted'),
            owner(owners.paid, 'paid', 'rs_blocked', 'not_started'),
            owner(owners.waiting, 'waiting', 'rs_blocked', 'in_progress'),
            owner(owners.refunded, 'refunded', 'rs_blocked', 'not_started'),
            owner(owners.active, 'active', 'rs_active', 'submitted'),
          ],
          sql`, `,
        )}`);
      await old.db.execute(sql`
        insert into auth.member_grants (order_id, user_id, total, granted_at, revoked_at) values
          (${randomUUID()}, ${owners.paid}, 69700, now(), null),
          (${randomUUID()}, ${owners.waiting}, 0, now(), null),
          (${randomUUID()}, ${owners.refunded}, 69700, now(), now())`);
      await old.close();

      const handle = await place.open(authService.migrationsFolder);
      try {
        const planStatus = async (id: string) =>
          (await handle.db.select().from(users).where(eq(users.id, id)))[0]?.planStatus;
        expect(await planStatus(owners.submitted)).toBe('rs_active');
        expect(await planStatus(owners.paid)).toBe('rs_active');
        expect(await planStatus(owners.waiting)).toBe('rs_pending');
        expect(await planStatus(owners.refunded)).toBe('rs_pending');
        expect(await planStatus(owners.active)).toBe('rs_active');
        const columns = await handle.db.execute(sql`
          select column_name from information_schema.columns
          where table_schema = 'auth' and table_name = 'users'
            and column_name in ('revenue_status_sequence', 'reminder24h_sent_at', 'reminder72h_sent_at', 'reminder7d_sent_at')`);
        expect(columns.rows).toEqual([]);
        // The plan status auth no longer records is refused.
        const refused = await handle.db
          .update(users)
          .set({ planStatus: 'rs_blocked' as never })
          .where(eq(users.id, owners.active))
          .then(
            () => null,
            (error: Error) => error,
          );
        expect(String((refused?.cause as Error | undefined)?.message)).toMatch(/users_plan_status_known/);
      } finally {
        await handle.close();
      }
    } finally {
      await before.cleanup();
      await place.cleanup();
    }
  });
});
