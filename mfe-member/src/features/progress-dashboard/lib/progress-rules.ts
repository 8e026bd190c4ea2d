/**
 * The progress dashboard's rules (docs/behaviour/member-learning.md#progress-dashboard): who may see it, the
 * progress figures, the enrolled date and its fallback, the drip length, and when the consultation banner
 * shows. Display only: the course service decides what a member may open, and which course the dashboard
 * follows (`GET /api/enrollments/dashboard`, docs/decisions.md, 51).
 */
import type { AvailableModule } from '@platform/contracts';
import { DAY_MS } from '../../courses/lib/unlock-time';

type AccessUser = { isMember?: boolean; role?: string | null } | null | undefined;

/**
 * Members, users with any enrolment, and the admin, who previews every member page (docs/decisions.md, 30;
 * docs/behaviour/member-learning.md#progress-dashboard).
 */
export function hasDashboardAccess(
  user: AccessUser,
  enrollments: readonly unknown[] | null | undefined,
): boolean {
  return user?.isMember === true || user?.role === 'admin' || (enrollments?.length ?? 0) > 0;
}

export type CourseProgress = { completed: number; total: number; percent: number };

export function getCourseProgress(sections: readonly Pick<AvailableModule, 'isCompleted'>[]): CourseProgress {
  const total = sections.length;
  const completed = sections.filter((section) => section.isCompleted).length;
  const percent = total === 0 ? 0 : Math.round((completed / total) * 100);
  return { completed, total, percent };
}

/** 'n of m sections completed'. */
export function formatSectionsCompleted({ completed, total }: CourseProgress): string {
  return `${completed} of ${total} sections completed`;
}

/** Without an enrolment date, the dashboard counts from 7 days before now. */
export const FALLBACK_ENROLLED_DAYS_AGO = 7;

export function resolveEnrolledAt(enrolledAt: string | null | undefined, now: Date = new Date()): string {
  if (enrolledAt && !Number.isNaN(new Date(enrolledAt).getTime())) return enrolledAt;
  return new Date(now.getTime() - FALLBACK_ENROLLED_DAYS_AGO * DAY_MS).toISOString();
}

/** Days over which the course is released: the last section's day plus one (8 for the seeded course). */
export function getDripDays(sections: readonly Pick<AvailableModule, 'availableAfterDays'>[]): number {
  if (sections.length === 0) return 0;
  return Math.max(...sections.map((section) => section.availableAfterDays)) + 1;
}

/** 'Duration: 8 sections, Drip-feed delivery over 8 days'. */
export function formatCourseDuration(sectionCount: number, dripDays: number): string {
  return `Duration: ${sectionCount} sections, Drip-feed delivery over ${dripDays} days`;
}

type BannerUser = { planStatus?: string | null; consultationStatus?: string | null } | null | undefined;

/**
 * The 'Action Required' banner: planStatus rs_pending and no consultation started (docs/decisions.md, 19: the
 * user's consultationStatus follows the submission, so not_started means none pending, in review or done).
 */
export function showsConsultationBanner(user: BannerUser): boolean {
  return user?.planStatus === 'rs_pending' && (user.consultationStatus ?? 'not_started') === 'not_started';
}

/** The section the accordion opens first: the first open, unfinished one. */
export function getCurrentSectionId(
  sections: readonly Pick<AvailableModule, 'id' | 'isAvailable' | 'isCompleted'>[],
): number | null {
  return sections.find((section) => section.isAvailable && !section.isCompleted)?.id ?? null;
}
