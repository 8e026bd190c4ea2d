/** Queries on `notification.nudge_preferences` (docs/behaviour/member-learning.md#nudges). */
import { randomBytes } from 'node:crypto';
import type { NudgeKind } from '@platform/contracts';
import { findRow, type Executor } from '@platform/service-kit/db';
import { eq, sql } from 'drizzle-orm';
import { nudgePreferences, type NudgePreferencesRow } from '../db/schema.js';

const COLUMN_OF = { 'section-unlocked': 'sectionUnlocked', inactivity: 'inactivity' } as const;

export function wantsNudge(row: NudgePreferencesRow, kind: NudgeKind): boolean {
  return row[COLUMN_OF[kind]];
}

/** The learner's row, made with both nudges on and a fresh token the first time; the address kept current. */
export async function ensurePreferences(
  db: Executor,
  learner: { userId: string; email: string; now: Date },
): Promise<NudgePreferencesRow> {
  const [row] = await db
    .insert(nudgePreferences)
    .values({
      userId: learner.userId,
      email: learner.email,
      unsubscribeToken: randomBytes(32).toString('base64url'),
      updatedAt: learner.now,
    })
    .onConflictDoUpdate({ target: nudgePreferences.userId, set: { email: sql`excluded.email` } })
    .returning();
  return row!;
}

export async function findPreferences(db: Executor, userId: string): Promise<NudgePreferencesRow | null> {
  return findRow(db, nudgePreferences, eq(nudgePreferences.userId, userId));
}

export async function findPreferencesByToken(
  db: Executor,
  token: string,
): Promise<NudgePreferencesRow | null> {
  return findRow(db, nudgePreferences, eq(nudgePreferences.unsubscribeToken, token));
}

export async function updatePreferences(
  db: Executor,
  userId: string,
  change: { sectionUnlocked?: boolean; inactivity?: boolean; now: Date },
): Promise<void> {
  const { now, ...set } = change;
  await db
    .update(nudgePreferences)
    .set({ ...set, updatedAt: now })
    .where(eq(nudgePreferences.userId, userId));
}

export function columnOf(kind: NudgeKind): 'sectionUnlocked' | 'inactivity' {
  return COLUMN_OF[kind];
}
