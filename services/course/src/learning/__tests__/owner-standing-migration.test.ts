/**
 * The migration that moves the block out of the plan status auth relayed (`rs_blocked`) into the owner's
 * standing (docs/decisions/0075-each-service-owns-its-domain-s-state.md): a database as it was before,
 * with blocked and unblocked owners, opened with every migration. Each blocked owner keeps their block
 * (since when, and whether sections 2-8 were waiting then) and gets the plan status auth now records; the
 * next standing the revenue service announces replaces the moved one. On PGlite and PostgreSQL.
 */
import { describe, expect, it } from '@jest/globals';
import { migrationPlaces, migrationsBefore } from '@platform/service-kit/testing';
import { sql } from 'drizzle-orm';
import { courseService } from '../../service.js';
import { findOwnerStanding, findPlanState, upsertOwnerStanding } from '../learning.repository.js';

const migrationsFolder = courseService.migrationsFolder;
const CHANGED_AT = new Date('2030-03-01T10:00:00.000Z');
const BLOCKED_SINCE = new Date('2030-02-20T08:00:00.000Z');

describe.each(migrationPlaces('course'))('the block moves into the owner standing on %s', (_name, create) => {
  it('keeps each block, gives the plan status without it, and lets the next standing replace it', async () => {
    const place = await create();
    const before = await migrationsBefore(migrationsFolder, '0015_owner_standing');
    try {
      const old = await place.open(before.folder);
      const row = (
        userId: string,
        planStatus: string,
        consultation: string,
        since: Date | null,
        waiting: boolean,
      ) =>
        sql`(${userId}, ${planStatus}, ${consultation}, ${CHANGED_AT.toISOString()}::timestamptz, 4,
             ${since?.toISOString() ?? null}::timestamptz, ${waiting})`;
      await old.db.execute(sql`
        insert into course.member_plan_status
          (user_id, plan_status, consultation_status, changed_at, status_sequence, blocked_since, blocked_before_consultation)
        values ${sql.join(
          [
            row('submitted', 'rs_blocked', 'submitted', BLOCKED_SINCE, false),
            row('waiting', 'rs_blocked', 'not_started', BLOCKED_SINCE, true),
            row('paid', 'rs_blocked', 'not_started', null, false),
            row('current', 'rs_active', 'submitted', null, false),
          ],
          sql`, `,
        )}`);
      await old.close();

      const handle = await place.open(migrationsFolder);
      try {
        const db = handle.db;
        const owners = ['submitted', 'waiting', 'paid', 'current'];
        const states = await Promise.all(owners.map((userId) => findPlanState(db, userId)));
        expect(Object.fromEntries(owners.map((userId, index) => [userId, states[index]]))).toEqual({
          submitted: {
            planStatus: 'rs_active',
            consultationStatus: 'submitted',
            block: { since: BLOCKED_SINCE, beforeConsultation: false },
          },
          waiting: {
            planStatus: 'rs_pending',
            consultationStatus: 'not_started',
            block: { since: BLOCKED_SINCE, beforeConsultation: true },
          },
          // Blocked before its start was recorded: the block counts from the newest change known.
          paid: {
            planStatus: 'rs_active',
            consultationStatus: 'not_started',
            block: { since: CHANGED_AT, beforeConsultation: false },
          },
          current: { planStatus: 'rs_active', consultationStatus: 'submitted', block: null },
        });
        expect(await findOwnerStanding(db, 'submitted')).toMatchObject({ status: 'blocked', sequence: 0 });

        await upsertOwnerStanding(db, {
          userId: 'submitted',
          status: 'current',
          sequence: 1,
          changedAt: CHANGED_AT,
        });
        expect((await findPlanState(db, 'submitted'))?.block).toBeNull();
      } finally {
        await handle.close();
      }
    } finally {
      await before.cleanup();
      await place.cleanup();
    }
  });
});
