/**
 * `/courses`, `/courses/:id` and `/modules/:id` reading A (docs/behaviour/member-learning.md;
 * docs/decisions.md, 7, 9) against the embedded site: a member sees the course with 'View Course', its
 * sections with their unlock state linking to /modules/{id}, and a section's lessons with 'Start Lesson'
 * links to /lessons/{id}; a locked section says when it opens; a free account gets 'Upgrade to Access',
 * 'Course Access Required', and a module's free preview (the lessons it may watch open, the others for
 * members); missing ids show not-found messages. Axe and screenshots on a desktop and a 375 px phone.
 */
import { expect, test } from '@playwright/test';
import { becomeCourseMember, uniqueEmail, signInNewAccount } from '../helpers/accounts.js';
import { isMailPeerRunning } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';

type Section = { id: number; title: string; lessonCount: number; courseId: number };

test('signed-out visitors are sent to /login', async ({ page }) => {
  for (const path of ['/courses', '/courses/1', '/modules/1']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
  }
});

test('a free account is offered Upgrade to Access and previews the lessons it may watch', async ({
  page,
}, testInfo) => {
  await signInNewAccount(page, 'courses', 'free');

  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  const card = page.getByTestId('course-card').first();
  await expect(card).toContainText('45 lessons • 8 sections');
  await expect(card.getByRole('link', { name: 'Upgrade to Access' })).toHaveAttribute('href', '/membership');
  await expect(card.getByTestId('lock-overlay')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enroll Now' })).toHaveCount(0);
  await screenshotBoth(page, testInfo, 'courses-free');
  await expectNoSeriousA11yViolations(page, testInfo, 'courses-free');

  await page.goto('/courses/1');
  const access = page.getByTestId('course-access-required');
  await expect(access.getByRole('heading', { name: 'Course Access Required' })).toBeVisible();
  await expect(access.getByRole('link', { name: 'Upgrade to Access' })).toHaveAttribute(
    'href',
    '/membership',
  );
  await expect(page.getByRole('heading', { name: 'Course Sections' })).toHaveCount(0);
  await screenshotBoth(page, testInfo, 'course-detail-free');
  await expectNoSeriousA11yViolations(page, testInfo, 'course-detail-free');

  // The lessons-list page previews the section as / does: the free lessons open, the rest for members.
  await page.goto('/modules/2');
  await expect(page).toHaveURL(/\/modules\/2$/);
  await expect(page.getByTestId('section-status')).toHaveText('Free Preview');
  const rows = page.getByTestId('lesson-row');
  await expect(rows.first().getByRole('link', { name: 'Start Lesson' })).toBeVisible();
  await expect(rows.nth(1)).toContainText('For members');
  await expect(rows.nth(1).getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Upgrade to Access' })).toHaveAttribute('href', '/membership');

  await page.goto('/courses/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Course Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/courses');
});

test(
  'a member browses the course, its sections and a section’s lessons',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    expect(isMailPeerRunning(), 'the SMTP peer of global-setup-smtp.ts is running').toBe(true);
    await becomeCourseMember(page, uniqueEmail('courses', 'member'));

    await page.goto('/courses');
    const card = page.getByTestId('course-card').first();
    await expect(card).toContainText('45 lessons • 8 sections');
    const view = card.getByRole('link', { name: 'View Course' });
    await expect(view).toHaveAttribute('href', /^\/courses\/\d+$/);
    await expect(card.getByTestId('lock-overlay')).toHaveCount(0);
    await screenshotBoth(page, testInfo, 'courses-member');
    await expectNoSeriousA11yViolations(page, testInfo, 'courses-member');

    await view.click();
    await expect(page).toHaveURL(/\/courses\/\d+$/);
    const courseId = Number(new URL(page.url()).pathname.split('/').pop());
    const sections = (await (
      await page.request.get(`/api/courses/${courseId}/available-modules`)
    ).json()) as Section[];
    expect(sections).toHaveLength(8);

    await expect(page.getByRole('heading', { name: 'Course Sections' })).toBeVisible();
    const rows = page.getByTestId('course-section');
    await expect(rows).toHaveCount(8);
    for (const [index, section] of sections.entries()) {
      // A section without a real title (the seeded 'Section 3') is named once.
      const name =
        section.title === `Section ${index + 1}` ? section.title : `Section ${index + 1}: ${section.title}`;
      await expect(rows.nth(index).getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        `/modules/${section.id}`,
      );
    }
    await expect(rows.nth(0).getByTestId('section-status')).toHaveText('Available');
    await expect(rows.nth(1).getByTestId('section-status')).toHaveText('Locked');
    await expect(rows.nth(1).getByTestId('unlocks-in')).toHaveText('Unlocks in 1 day');
    await expect(rows.nth(7).getByTestId('unlocks-in')).toHaveText('Unlocks in 7 days');
    await screenshotBoth(page, testInfo, 'course-detail-member');
    await expectNoSeriousA11yViolations(page, testInfo, 'course-detail-member');

    // Section 1: its lessons, each with 'Start Lesson' to the lesson page, and the way back.
    await rows.nth(0).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/modules/${sections[0]!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: sections[0]!.title })).toBeVisible();
    const lessons = page.getByTestId('lesson-row');
    await expect(lessons).toHaveCount(sections[0]!.lessonCount);
    const start = page.getByRole('link', { name: 'Start Lesson' });
    await expect(start).toHaveCount(sections[0]!.lessonCount);
    const lessonList = (await (await page.request.get(`/api/modules/${sections[0]!.id}/lessons`)).json()) as {
      id: number;
    }[];
    await expect(start.first()).toHaveAttribute('href', `/lessons/${lessonList[0]!.id}`);
    await expect(page.getByRole('link', { name: 'Review Lesson' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: '← Back to Course' })).toHaveAttribute(
      'href',
      `/courses/${courseId}`,
    );
    await screenshotBoth(page, testInfo, 'module-lessons-member');
    await expectNoSeriousA11yViolations(page, testInfo, 'module-lessons-member');

    // Section 2 is not released yet: it says so and when; its lessons cannot be started.
    await page.goto(`/modules/${sections[1]!.id}`);
    const locked = page.getByTestId('section-locked');
    await expect(locked).toContainText('This section is locked.');
    await expect(locked).toContainText('Unlocks in 1 day');
    await expect(page.getByRole('link', { name: 'Start Lesson' })).toHaveCount(0);
    await expect(page.getByTestId('lesson-row')).toHaveCount(sections[1]!.lessonCount);
    await screenshotBoth(page, testInfo, 'module-lessons-locked');

    // A module that does not exist.
    await page.goto('/modules/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Module Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/courses');
  },
);
