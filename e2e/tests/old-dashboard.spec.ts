/**
 * The older member dashboard `/old-dashboard` (docs/behaviour/member-learning.md#older-dashboard), against
 * the embedded site: signed-out visitors see 'Access Required', free accounts 'Course Access Required'; a
 * member sees the welcome header, progress cards, the course's chapters and the lesson viewer, and the
 * driver.js tour 1 s after the first visit (Skip stores 'skipped' and it does not come back; finishing stores
 * 'completed'). Axe and screenshots on a desktop and a 375 px phone.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { becomeCourseMember, uniqueEmail, signInNewAccount } from '../helpers/accounts.js';
import { expectNoSeriousA11yViolations, saveScreenshot, screenshotBoth } from '../helpers/page-checks.js';

function tourPopover(page: Page) {
  return page.locator('.driver-popover.dashboard-tour');
}

function storedTutorial(page: Page): Promise<string | null> {
  return page.evaluate<string | null>("window.localStorage.getItem('tutorial_dashboard')");
}

test('a signed-out visitor sees Access Required with a log-in link to /api/login', async ({ page }) => {
  await page.goto('/old-dashboard');
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Log In' })).toHaveAttribute(
    'href',
    '/api/login',
  );
  await expect(tourPopover(page)).toHaveCount(0);
});

test('a free account sees Course Access Required with links to /services and /', async ({ page }) => {
  await signInNewAccount(page, 'olddash', 'free');
  await page.goto('/old-dashboard');
  await expect(page.getByRole('heading', { name: 'Course Access Required' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'View Services' })).toHaveAttribute('href', '/services');
  await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});

test(
  'a member gets the tour once, then chapters and the lesson viewer',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('olddash', 'member');
    await becomeCourseMember(page, email);

    // The page's time stands still until the test moves it on, so "not at once" holds however long a
    // busy machine takes to draw the page.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto('/old-dashboard');
    const heading = page.getByRole('heading', { level: 1, name: 'Welcome, Maria!' });
    // The page's own timers move on 20 ms at a time until it shows the dashboard.
    await expect
      .poll(
        async () => {
          await page.clock.runFor(20);
          return heading.isVisible();
        },
        { intervals: [50], timeout: 30_000 },
      )
      .toBe(true);
    // Not at once: the tour waits 1 s after the first visit.
    await page.clock.runFor(900);
    expect(await tourPopover(page).isVisible()).toBe(false);
    await page.clock.runFor(200);
    await page.clock.resume();
    await expect(tourPopover(page)).toBeVisible({ timeout: 5000 });
    await expect(tourPopover(page)).toContainText('Welcome to your course');
    const box = await tourPopover(page).boundingBox();
    const width = page.viewportSize()!.width;
    expect(box!.width).toBeLessThanOrEqual(Math.min(384, width - 40) + 1);
    expect(box!.height).toBeGreaterThanOrEqual(219);
    await saveScreenshot(page, testInfo, 'old-dashboard-tour');

    await tourPopover(page).getByRole('button', { name: 'Skip' }).click();
    await expect(tourPopover(page)).toHaveCount(0);
    expect(await storedTutorial(page)).toBe('skipped');

    // Once skipped, never again: on a page clock moved well past the tour's 1 s delay, nothing opens.
    await page.reload();
    await expect(heading).toBeVisible();
    await page.clock.runFor(5_000);
    await expect(tourPopover(page)).toHaveCount(0);

    // Progress cards, chapters (the course's sections, locked ones marked) and the viewer.
    await expect(page.getByTestId('overall-progress')).toHaveText('0%');
    await expect(page.getByTestId('completed-modules')).toHaveText(/^0\/\d+ modules$/);
    await expect(page.getByTestId('time-invested')).toHaveText('0h');
    await expect(page.getByText('Start your journey:')).toBeVisible();
    const chapters = page.getByRole('navigation', { name: 'Course Chapters' }).getByTestId('chapter');
    await expect(chapters).toHaveCount(8);
    await expect(chapters.first()).toContainText(/^Chapter 1: /);
    await expect(chapters.nth(7)).toContainText('Locked');
    const firstChapter = chapters.first().getByRole('button', { expanded: true });
    await expect(firstChapter).toBeVisible();
    const lessonButtons = chapters.first().getByRole('list').getByRole('button');
    await expect(lessonButtons.first()).toBeVisible();

    const viewer = page.locator('[data-tour="viewer"]');
    await expect(viewer.getByRole('heading', { name: 'Key Takeaways' })).toBeVisible();
    await expect(viewer.locator('video')).toBeVisible();

    // Picking another lesson shows it in the viewer.
    const secondTitle = (await lessonButtons.nth(1).innerText()).replace(/\d+:\d{2}(:\d{2})?$/, '').trim();
    await lessonButtons.nth(1).click();
    await expect(viewer.getByRole('heading', { level: 2 })).toHaveText(secondTitle);
    await expect(lessonButtons.nth(1)).toHaveAttribute('aria-current', 'true');
    // The viewer takes focus (and comes into view on a phone).
    await expect(viewer.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(viewer.getByRole('heading', { level: 2 })).toBeInViewport();

    // A locked chapter expands into when it opens.
    await chapters.nth(7).getByRole('button').first().click();
    await expect(chapters.nth(7)).toContainText(/This chapter is locked\. Unlocks/);

    await screenshotBoth(page, testInfo, 'old-dashboard');
    await expectNoSeriousA11yViolations(page, testInfo, 'old-dashboard');

    // Finishing the tour stores 'completed'.
    await page.evaluate("window.localStorage.removeItem('tutorial_dashboard')");
    await page.reload();
    await expect(tourPopover(page)).toBeVisible({ timeout: 5000 });
    for (let step = 0; step < 3; step += 1) {
      await tourPopover(page).getByRole('button', { name: 'Next' }).click();
    }
    await expect(tourPopover(page)).toContainText('Step 4 of 4');
    await tourPopover(page).getByRole('button', { name: 'Finish' }).click();
    await expect(tourPopover(page)).toHaveCount(0);
    expect(await storedTutorial(page)).toBe('completed');
  },
);
