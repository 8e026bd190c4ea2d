/**
 * The admin previews everything (docs/decisions.md, 30), against the embedded site: the support admin, who
 * is not a member and has no enrolment, is let into every member page alike: the progress dashboard shows
 * the course with every section open, the course lists offer 'View Course', and the older dashboard, the
 * lessons list, the section page and a lesson that a new member would wait days for all open.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, signInThroughApi } from '../helpers/accounts.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';

type Section = { id: number; title: string; orderIndex: number; isAvailable: boolean };
type Lesson = { id: number; title: string; isLocked: boolean };

test('the admin, not a member, opens every member page', { tag: '@phone' }, async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInThroughApi(page, ADMIN.email, ADMIN.password);
  const user = (await (await page.request.get('/api/auth/user')).json()) as {
    role: string;
    isMember: boolean;
  };
  expect(user).toMatchObject({ role: 'admin', isMember: false });
  expect(await (await page.request.get('/api/enrollments')).json()).toEqual([]);

  // /dashboard: the course's progress, every section open, no 'Course Access Required'.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Course Progress' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Course Access Required' })).toHaveCount(0);
  await expect(page.getByTestId('admin-preview')).toHaveText(
    'Admin preview: every section is open to you. Members see their own schedule.',
  );
  const rows = page.getByTestId('course-section');
  await expect(rows).toHaveCount(8);
  await expect(rows.filter({ hasText: 'Locked' })).toHaveCount(0);
  await rows.nth(7).getByRole('button').first().click();
  const lastSection = rows.nth(7).getByRole('link', { name: 'Access Section Content' });
  await expect(lastSection).toBeVisible();
  await screenshotBoth(page, testInfo, 'admin-dashboard');
  await expectNoSeriousA11yViolations(page, testInfo, 'admin-dashboard');

  // The course lists: 'View Course', not 'Upgrade to Access'.
  await page.goto('/courses');
  const card = page.getByTestId('course-card').first();
  await expect(card.getByRole('link', { name: 'View Course' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to Access' })).toHaveCount(0);
  await page.goto('/member/dashboard');
  await expect(
    page.getByTestId('available-course').first().getByRole('link', { name: 'View Course' }),
  ).toBeVisible();

  // The older dashboard, the lessons list, the section page and a lesson a new member waits 7 days for.
  const courses = (await (await page.request.get('/api/courses')).json()) as Array<{
    id: number;
    isPublished: boolean;
  }>;
  const courseId = courses.find((course) => course.isPublished)!.id;
  const sections = (
    (await (await page.request.get(`/api/courses/${courseId}/available-modules`)).json()) as Section[]
  ).sort((a, b) => a.orderIndex - b.orderIndex);
  const last = sections.at(-1)!;
  const lessons = (await (await page.request.get(`/api/modules/${last.id}/lessons`)).json()) as Lesson[];

  await page.goto('/old-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Course Access Required' })).toHaveCount(0);

  await page.goto(`/modules/${last.id}`);
  await expect(page.getByRole('heading', { level: 1, name: last.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Lesson' })).toHaveCount(lessons.length);

  await page.goto(`/module/${last.id}`);
  await expect(page.getByRole('heading', { level: 1, name: last.title })).toBeVisible();
  await expect(page.getByTestId('section-locked')).toHaveCount(0);

  await page.goto(`/lessons/${lessons[0]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: lessons[0]!.title })).toBeVisible();
  await expect(page.getByTestId('lesson-content')).not.toBeEmpty();
});
