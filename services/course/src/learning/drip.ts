/**
 * Drip release, as pure functions of the enrolment, the plan projection, the member's completions and
 * the service clock. A section opens `availableAfterDays × 24 h` after `enrolledAt`, to the millisecond
 * (never at a calendar midnight); for an rs_pending member whose consultation is not submitted, every
 * section after the first waits as well. While an owner is blocked in the revenue ledger, no section opens
 * (docs/decisions.md, 27): what was open when the block began stays open, a section whose release came
 * during the block stays locked until the owner is current again. A completed section, and a completed
 * lesson, stay open whatever the schedule or the plan becomes. The admin may open every section for a
 * learner, or restart their schedule (docs/decisions.md, 86).
 */
import { DAY } from '@platform/service-kit/clock';
import type { LockReason } from '@platform/contracts';

export interface Block {
  /** When the block began. */
  since: Date;
  /** Whether the sections after the first were still waiting for the consultation when it began. */
  beforeConsultation: boolean;
}

/** The member's plan (auth's projection) and, for an owner blocked in the revenue ledger, their block. */
export interface PlanState {
  planStatus: string;
  consultationStatus: string;
  block: Block | null;
}

/**
 * Consultation states that count as submitted (docs/decisions.md, 19: completed by the owner, then approved).
 */
export const SUBMITTED_CONSULTATION_STATUSES = ['submitted', 'approved'] as const;
const SUBMITTED = new Set<string>(SUBMITTED_CONSULTATION_STATUSES);

export function waitsForConsultation(plan: PlanState | null): boolean {
  return plan?.planStatus === 'rs_pending' && !SUBMITTED.has(plan.consultationStatus);
}

export interface DripModule {
  id: number;
  /** Sections in course order (by `orderIndex`): the first one never waits for the consultation. */
  availableAfterDays: number;
}

export interface SectionState {
  isAvailable: boolean;
  /** The scheduled release; null for an admin without an enrolment. */
  unlockDate: Date | null;
  lockedReason: LockReason | null;
  isCompleted: boolean;
  completedAt: Date | null;
}

export interface DripInput {
  /** In course order. */
  modules: DripModule[];
  enrolledAt: Date | null;
  /**
   * The admin's overrides for this learner (docs/decisions.md, 86): every section open, or the schedule
   * counted again from a later moment than the enrolment. Absent: none.
   */
  override?: { unlockedAll: boolean; scheduleRestartedAt: Date | null };
  isAdmin: boolean;
  plan: PlanState | null;
  /** Completed sections of the caller, with their completion time. */
  completedModules: Map<number, Date | null>;
  now: Date;
}

export function unlockDateOf(enrolledAt: Date, availableAfterDays: number): Date {
  return new Date(enrolledAt.getTime() + availableAfterDays * DAY);
}

/**
 * Whether a released section would have opened only during the block: its release came after the block
 * began, or it was still waiting for the consultation then (neither opens until the owner is current).
 */
function openedDuringBlock(unlockDate: Date, position: number, block: Block): boolean {
  return unlockDate.getTime() > block.since.getTime() || (block.beforeConsultation && position > 0);
}

/** The drip counts from the enrolment, or from a restart the admin made after it. */
function laterOf(enrolledAt: Date | null, restartedAt: Date | null): Date | null {
  if (!enrolledAt || !restartedAt) return enrolledAt;
  return restartedAt.getTime() > enrolledAt.getTime() ? restartedAt : enrolledAt;
}

export function computeSectionStates(input: DripInput): Map<number, SectionState> {
  const block = input.isAdmin ? null : (input.plan?.block ?? null);
  // While blocked, what waited for the consultation waits for the block to lift (`beforeConsultation`).
  const waiting = !input.isAdmin && !block && waitsForConsultation(input.plan);
  const unlockedAll = input.override?.unlockedAll ?? false;
  const dripStart = laterOf(input.enrolledAt, input.override?.scheduleRestartedAt ?? null);
  const states = new Map<number, SectionState>();
  input.modules.forEach((module, position) => {
    const isCompleted = input.completedModules.has(module.id);
    const completedAt = input.completedModules.get(module.id) ?? null;
    const unlockDate = dripStart ? unlockDateOf(dripStart, module.availableAfterDays) : null;
    let lockedReason: LockReason | null = null;
    if (!input.isAdmin && !isCompleted && !unlockedAll) {
      // The consultation comes first: its day passing alone would not open the section, so the member is
      // told what does (docs/behaviour/member-learning.md#drip-release).
      if (waiting && position > 0) lockedReason = 'consultation';
      else if (!unlockDate || input.now.getTime() < unlockDate.getTime()) lockedReason = 'schedule';
      else if (block && openedDuringBlock(unlockDate, position, block)) lockedReason = 'blocked';
    }
    states.set(module.id, {
      isAvailable: lockedReason === null,
      unlockDate,
      lockedReason,
      isCompleted,
      completedAt,
    });
  });
  return states;
}
