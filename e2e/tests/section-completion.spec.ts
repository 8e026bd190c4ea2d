/**
 * One rule for a finished section (docs/decisions.md, 46), against the embedded site: a member with 2 of 15
 * lessons of section 1 done reads on the section page that all 15 are needed and what 'Mark Section
 * Complete' does; the button asks first; confirming records all 15 lessons, and the dashboard then shows
 * the section completed with 15 of 15 lessons, the course at 13 % and '1 of 8 sections completed'.
 */
import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { becomeCourseMember, uniqueEmail } from '../helpers/accounts.js';
import { expectNoSeriousA11yViolations, picturesWanted, screenshotBoth } from '../helpers/page-checks.js';
import { expectToast } from '../helpers/toasts.js';
import { enrolledCourse } from '../helpers/course.js';

/** What the screen shows, at the project's width and at a 375 px phone: the dialog is fixed to the screen. */
async function screenshotScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!picturesWanted()) return;
  const original = page.viewportSize()!;
  for (const size of [original, { width: 375, height: 812 }]) {
    await page.setViewportSize(size);
    const path = testInfo.outputPath(`${name}-${size.width}px.png`);
    await page.screenshot({ path, animations: 'disabled' });
    await testInfo.attach(`${name} (${size.width}px)`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize(original);
}

test(
  "'Mark Section Complete' with 2 of 15 lessons done completes all 15, and the dashboard agrees",
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    await becomeCourseMember(page, uniqueEmail('learn', 'finish'));
    const sectionId = (await enrolledCourse(page.request)).sections[0]!.id;

    await page.goto(`/module/${sectionId}`);
    const cards = page.getByTestId('section-lesson');
    await expect(cards).toHaveCount(15);
    for (const index of [0, 1]) {
      await cards.nth(index).getByRole('button', { name: 'Complete Lesson' }).click();
      await expect(cards.nth(index).getByRole('button', { name: 'Completed' })).toBeDisabled();
    }

    const footer = page.getByTestId('section-footer');
    await expect(footer).toContainText('Complete all 15 lessons to finish this section');
    await expect(page.getByTestId('section-completion-progress')).toHaveText(
      '2 of 15 lessons completed. Marking the section complete records all 15 as completed.',
    );

    // It asks first; 'Keep studying' changes nothing.
    const mark = footer.getByRole('button', { name: 'Mark Section Complete' });
    await mark.click();
    const dialog = page.getByRole('dialog', { name: 'Mark all 15 lessons complete?' });
    await expect(dialog).toContainText('13 lessons of this section are not completed yet.');
    await screenshotScreen(page, testInfo, 'mark-section-question');
    await expectNoSeriousA11yViolations(page, testInfo, 'mark-section-question');
    await dialog.getByRole('button', { name: 'Keep studying' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('section-badge')).toHaveText('Available');

    // Confirmed: the toast, then the dashboard.
    await mark.click();
    await page
      .getByRole('dialog', { name: 'Mark all 15 lessons complete?' })
      .getByRole('button', { name: 'Mark Section Complete' })
      .click();
    await expectToast(page, 'Section Completed');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

    await expect(page.getByTestId('progress-percent')).toHaveText('13%');
    await expect(page.getByTestId('sections-completed')).toHaveText('1 of 8 sections completed');
    const first = page.getByTestId('course-section').first();
    await expect(first).toContainText('Completed');
    await first.getByRole('button').first().click();
    await expect(first).toContainText('15 of 15 lessons completed');
    await screenshotBoth(page, testInfo, 'dashboard-after-section');

    // The section page agrees: every lesson completed, the section finished.
    await page.goto(`/module/${sectionId}`);
    await expect(page.getByTestId('section-badge')).toHaveText('Completed');
    await expect(cards.getByRole('button', { name: 'Completed' })).toHaveCount(15);
    await expect(page.getByTestId('section-footer')).toContainText('Section completed on');
  },
);
