/**
 * `GET /api/enrollments/dashboard`, `/dashboard` in one read (docs/decisions.md, 51), through the real
 * service: who gets what (a visitor 401; a free account its empty enrolments and no course; a member their
 * course on the drip schedule; the admin without an enrolment the preview of the first published course; an
 * rs_pending owner Module 1 only), and that every answer is exactly what `GET /api/enrollments`,
 * `GET /api/courses/:id` and `GET /api/courses/:id/available-modules` answer on their own.
 */
import { describe, expect, it } from '@jest/globals';
import {
  AvailableModuleListSchema,
  CourseSummarySchema,
  EnrollmentListSchema,
  ProgressDashboardSchema,
  type Caller,
  type ProgressDashboard,
} from '@platform/contracts';
import { DAY, HOUR } from '@platform/service-kit/clock';
import { backings } from '../../__tests__/harness.js';
import { firstSections } from '../../__tests__/sections.js';
import { courseModules, courses } from '../../db/schema.js';
import { pickPreviewCourse } from '../get-progress-dashboard.js';
import {
  granted,
  json,
  planConsented,
  statusChanged,
  user,
  visitor,
  type User,
  useSeededCourse,
} from './fixtures.js';

const ENROLLED_AT = new Date('2030-06-03T08:20:00.000Z');

describe('the course the admin previews', () => {
  it('is the first published course, else the first at all, else none', () => {
    expect(
      pickPreviewCourse([
        { id: 2, isPublished: false },
        { id: 5, isPublished: true },
        { id: 7, isPublished: true },
      ]),
    ).toBe(5);
    expect(pickPreviewCourse([{ id: 4, isPublished: false }])).toBe(4);
    expect(pickPreviewCourse([])).toBeNull();
  });
});

describe.each(backings())('the progress dashboard in one read on $name', (factory) => {
  const { course, outline, clock, enrol } = useSeededCourse(factory, { at: ENROLLED_AT });

  async function dashboardOf(caller: Caller): Promise<ProgressDashboard> {
    const response = await course.requestAs(caller, '/api/enrollments/dashboard');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    return ProgressDashboardSchema.parse(await response.json());
  }

  async function read(caller: Caller, path: string): Promise<unknown> {
    const response = await course.requestAs(caller, path);
    expect(response.status).toBe(200);
    return response.json();
  }

  /** What the three calls the dashboard used to make answer on their own, at the same moment. */
  async function separately(caller: Caller, courseId: number) {
    return {
      enrollments: EnrollmentListSchema.parse(await read(caller, '/api/enrollments')),
      course: CourseSummarySchema.parse(await read(caller, `/api/courses/${courseId}`)),
      sections: AvailableModuleListSchema.parse(
        await read(caller, `/api/courses/${courseId}/available-modules`),
      ),
    };
  }

  it('refuses a visitor with 401, never cached', async () => {
    const response = await course.requestAs(visitor, '/api/enrollments/dashboard');
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await json(response)).toEqual({ message: 'Unauthorized' });
  });

  it('gives a free account its (empty) enrolments and no course', async () => {
    clock.set(ENROLLED_AT);
    const free = user();
    expect(await dashboardOf(free)).toEqual({ enrollments: [], shown: null });
    expect(await read(free, '/api/enrollments')).toEqual([]);
  });

  it("gives a member their course's card and sections on the drip schedule, as the separate calls do", async () => {
    clock.set(ENROLLED_AT);
    const member = await enrol();
    clock.set(new Date(ENROLLED_AT.getTime() + DAY + HOUR));

    const dashboard = await dashboardOf(member);
    expect(dashboard.enrollments).toEqual([
      expect.objectContaining({ courseId: outline.courseId, enrolledAt: ENROLLED_AT.toISOString() }),
    ]);
    expect(dashboard.shown?.preview).toBe(false);
    expect(dashboard.shown?.course).toMatchObject({ id: outline.courseId, isEnrolled: true });
    expect(dashboard.shown?.sections.map((section) => section.isAvailable)).toEqual(firstSections(2));
    // Section 2 opened after day 0: its 'New Section Unlocked!' is due, here as in the sections call.
    expect(dashboard.shown?.sections[1]?.unlockNoticeDue).toBe(true);
    const { enrollments, ...shown } = await separately(member, outline.courseId);
    expect(dashboard).toEqual({ enrollments, shown: { ...shown, preview: false } });
  });

  it('follows the oldest enrolment when there are several', async () => {
    const db = course.service.deps.db;
    const [bar] = await db.insert(courses).values({ title: 'Bar Management', isPublished: true }).returning();
    await db.insert(courseModules).values({ courseId: bar!.id, title: 'Behind the Bar', orderIndex: 1 });
    clock.set(ENROLLED_AT);
    const member = user();
    await course.deliver(granted(member, [bar!.id], ENROLLED_AT));
    await course.deliver(granted(member, [outline.courseId], new Date(ENROLLED_AT.getTime() + HOUR)));
    clock.set(new Date(ENROLLED_AT.getTime() + 2 * HOUR));

    const dashboard = await dashboardOf(member);
    expect(dashboard.enrollments.map((row) => row.courseId)).toEqual([bar!.id, outline.courseId]);
    const { enrollments, ...shown } = await separately(member, bar!.id);
    expect(dashboard).toEqual({ enrollments, shown: { ...shown, preview: false } });
    expect(dashboard.shown?.course.title).toBe('Bar Management');
  });

  it('lets the admin without an enrolment preview the first published course with every section open', async () => {
    clock.set(ENROLLED_AT);
    const admin = user('admin');
    const dashboard = await dashboardOf(admin);
    expect(dashboard.enrollments).toEqual([]);
    expect(dashboard.shown?.preview).toBe(true);
    expect(dashboard.shown?.course.id).toBe(outline.courseId);
    expect(dashboard.shown?.sections).toHaveLength(8);
    expect(
      dashboard.shown?.sections.every((section) => section.isAvailable && section.unlockDate === null),
    ).toBe(true);
    const { enrollments, ...shown } = await separately(admin, outline.courseId);
    expect(dashboard).toEqual({ enrollments, shown: { ...shown, preview: true } });
  });

  it('gives an rs_pending owner without a consultation Module 1 only, as the separate calls do', async () => {
    clock.set(ENROLLED_AT);
    const owner: User = user();
    await course.deliver(planConsented(owner, ENROLLED_AT));
    await course.deliver(
      statusChanged(owner, { planStatus: 'rs_pending', consultationStatus: 'not_started' }, ENROLLED_AT),
    );
    // Two days on: section 2 and 3 are due by the schedule, yet wait for the consultation.
    clock.set(new Date(ENROLLED_AT.getTime() + 2 * DAY + HOUR));

    const dashboard = await dashboardOf(owner);
    expect(dashboard.shown?.preview).toBe(false);
    const sections = dashboard.shown?.sections ?? [];
    expect(sections).toHaveLength(8);
    expect(sections[0]).toMatchObject({ isAvailable: true, lockedReason: null });
    expect(sections.slice(1).every((section) => !section.isAvailable)).toBe(true);
    // Every later section waits for the consultation, due by the schedule or not: it is what opens them.
    expect(sections.slice(1).map((section) => section.lockedReason)).toEqual(Array(7).fill('consultation'));
    const courseId = dashboard.enrollments[0]!.courseId;
    const { enrollments, ...shown } = await separately(owner, courseId);
    expect(dashboard).toEqual({ enrollments, shown: { ...shown, preview: false } });
  });
});
