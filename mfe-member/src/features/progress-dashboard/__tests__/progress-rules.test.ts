import { describe, expect, it } from '@jest/globals';
import {
  formatCourseDuration,
  formatSectionsCompleted,
  getCourseProgress,
  getCurrentSectionId,
  getDripDays,
  hasDashboardAccess,
  resolveEnrolledAt,
  showsConsultationBanner,
} from '../lib/progress-rules';

const eight = Array.from({ length: 8 }, (_, day) => ({
  id: day + 10,
  availableAfterDays: day,
  isAvailable: day === 0,
  isCompleted: false,
}));

describe('progress dashboard', () => {
  it('lets members and anyone enrolled in; a free account without enrolments is not', () => {
    expect(hasDashboardAccess({ isMember: true }, [])).toBe(true);
    expect(hasDashboardAccess({ isMember: false }, [{ courseId: 1 }])).toBe(true);
    expect(hasDashboardAccess({ isMember: false }, [])).toBe(false);
    expect(hasDashboardAccess({}, null)).toBe(false);
    expect(hasDashboardAccess(null, undefined)).toBe(false);
  });

  it('lets the admin in without a membership or an enrolment', () => {
    expect(hasDashboardAccess({ isMember: false, role: 'admin' }, [])).toBe(true);
    expect(hasDashboardAccess({ isMember: false, role: 'user' }, [])).toBe(false);
  });

  it("counts completed sections as a rounded percentage and 'n of m sections completed'", () => {
    const none = getCourseProgress(eight);
    expect(none).toEqual({ completed: 0, total: 8, percent: 0 });
    expect(formatSectionsCompleted(none)).toBe('0 of 8 sections completed');
    const three = getCourseProgress(eight.map((s, i) => ({ ...s, isCompleted: i < 3 })));
    expect(three).toEqual({ completed: 3, total: 8, percent: 38 });
    expect(formatSectionsCompleted(three)).toBe('3 of 8 sections completed');
    expect(getCourseProgress(eight.map((s) => ({ ...s, isCompleted: true }))).percent).toBe(100);
    expect(getCourseProgress([])).toEqual({ completed: 0, total: 0, percent: 0 });
  });

  it('falls back to 7 days ago without an enrolment date', () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    expect(resolveEnrolledAt('2026-11-20T08:00:00.000Z', now)).toBe('2026-11-20T08:00:00.000Z');
    expect(resolveEnrolledAt(null, now)).toBe('2026-11-15T10:00:00.000Z');
    expect(resolveEnrolledAt('garbage', now)).toBe('2026-11-15T10:00:00.000Z');
  });

  it("describes the seeded course as 'Duration: 8 sections, Drip-feed delivery over 8 days'", () => {
    expect(formatCourseDuration(eight.length, getDripDays(eight))).toBe(
      'Duration: 8 sections, Drip-feed delivery over 8 days',
    );
    expect(getDripDays([])).toBe(0);
  });

  it('shows Action Required only to an rs_pending owner who has not started the consultation', () => {
    expect(showsConsultationBanner({ planStatus: 'rs_pending', consultationStatus: 'not_started' })).toBe(
      true,
    );
    expect(showsConsultationBanner({ planStatus: 'rs_pending', consultationStatus: null })).toBe(true);
    for (const consultationStatus of ['in_progress', 'submitted', 'approved']) {
      expect(showsConsultationBanner({ planStatus: 'rs_pending', consultationStatus })).toBe(false);
    }
    expect(showsConsultationBanner({ planStatus: 'regular', consultationStatus: 'not_started' })).toBe(false);
    expect(showsConsultationBanner(null)).toBe(false);
  });

  it('opens the first open, unfinished section', () => {
    expect(getCurrentSectionId(eight)).toBe(10);
    expect(
      getCurrentSectionId(eight.map((s, i) => ({ ...s, isCompleted: i === 0, isAvailable: i < 2 }))),
    ).toBe(11);
    expect(getCurrentSectionId(eight.map((s) => ({ ...s, isAvailable: false })))).toBeNull();
  });
});
