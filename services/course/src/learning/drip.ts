/**
 * Drip release, as pure functions of the enrolment, the plan projection, the member's completions and
 * the service clock. A section opens `availableAfterDays × 24 h` after `enrolledAt`, to the millisecond
 * (never at a calendar midnight); for an rs_pending member whose consultation is not submitted, every
 * section after the first waits as well. A completed section, and a completed lesson, stay open whatever
 * the schedule becomes.
 */
import { DAY } from '@platform/service-kit';
import type { LockReason } from '@platform/contracts';

export interface PlanState {
  planStatus: string;
  consultationStatus: string;
}

/**
 * Consultation states that count as submitted (docs/decisions.md, 19: completed by the owner, then approved).
 */
const SUBMITTED = new Set(['submitted', 'approved']);

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
  isAdmin: boolean;
  plan: PlanState | null;
  /** Completed sections of the caller, with their completion time. */
  completedModules: Map<number, Date | null>;
  now: Date;
}

export function unlockDateOf(enrolledAt: Date, availableAfterDays: number): Date {
  return new Date(enrolledAt.getTime() + availableAfterDays * DAY);
}

export function computeSectionStates(input: DripInput): Map<number, SectionState> {
  const waiting = !input.isAdmin && waitsForConsultation(input.plan);
  const states = new Map<number, SectionState>();
  input.modules.forEach((module, position) => {
    const isCompleted = input.completedModules.has(module.id);
    const completedAt = input.completedModules.get(module.id) ?? null;
    const unlockDate = input.enrolledAt ? unlockDateOf(input.enrolledAt, module.availableAfterDays) : null;
    let lockedReason: LockReason | null = null;
    if (!input.isAdmin && !isCompleted) {
      if (!unlockDate || input.now.getTime() < unlockDate.getTime()) lockedReason = 'schedule';
      else if (waiting && position > 0) lockedReason = 'consultation';
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
