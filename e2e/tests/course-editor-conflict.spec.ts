/**
 * Two editors of one lesson in the course studio (docs/behaviour/course-studio.md#course-editor): two admin
 * pages (two devices) open the same lesson; the first saves twice in a row, the second's save from what it
 * opened is refused with the conflict message beside its Save button and changes nothing. What it typed
 * stays; 'Reload' shows what is saved, keeps the typed text beside it, and its next save goes through.
 * Screenshots of the message at 1280 and 390 px.
 *
 * The studio changes the one course every other spec reads, so this spec runs against a site of its own.
 */
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { ownSite } from '../helpers/own-site.js';
import { saveScreenshot } from '../helpers/page-checks.js';
import { closeContexts } from '../helpers/contexts.js';
import { expectToast } from '../helpers/toasts.js';

const CONFLICT =
  'This lesson was changed in another tab or by someone else since you opened it. Reload it to see the changes, then make yours again.';

const expectSaveToast = (page: Page, title: string) =>
  expectToast(page, title, undefined, { timeout: 15_000, first: true });

const site = ownSite('course-editor-conflict');

/** The studio with its outline shown, and the second lesson of the first section's form opened. */
async function openSecondLesson(page: Page): Promise<{ row: Locator; form: Locator; id: string }> {
  await page.goto('/admin/courses');
  await expect(page.getByTestId('studio-section')).toHaveCount(8, { timeout: 30_000 });
  const row = page.getByTestId('studio-section').first().getByTestId('studio-lesson').nth(1);
  await row.getByRole('button', { name: /^Edit lesson/ }).click();
  const id = (await row.getAttribute('data-lesson-id'))!;
  return { row, form: row.getByRole('form'), id };
}

test('a save made from what another tab already changed is refused, keeping what was typed', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const first = await site.adminPage(browser, 1280);
  const second = await site.adminPage(browser, 1280);
  const a = await openSecondLesson(first);
  const b = await openSecondLesson(second);
  const opened = await b.form.locator(`#lesson-${b.id}-title`).inputValue();

  // The first tab saves twice in a row: each save goes from the version the last one answered.
  await a.form.locator(`#lesson-${a.id}-title`).fill('Renamed in the first tab');
  await a.form.getByRole('button', { name: 'Save lesson' }).click();
  await expectSaveToast(first, 'Lesson updated successfully');
  await expect(a.row.getByTestId('lesson-title')).toHaveText('Renamed in the first tab');
  await a.form.locator(`#lesson-${a.id}-content`).fill('Content from the first tab.');
  await a.form.getByRole('button', { name: 'Save lesson' }).click();
  await expect(a.form.getByText('Saved', { exact: true })).toBeVisible({ timeout: 15_000 });

  // The second still shows what it opened: its save would revert the title, so it is refused.
  await b.form.locator(`#lesson-${b.id}-content`).fill('Typed in the second tab.');
  await b.form.getByRole('button', { name: 'Save lesson' }).click();
  await expect(b.form.getByRole('alert')).toHaveText(CONFLICT, { timeout: 15_000 });
  await expectSaveToast(second, 'Error');
  await expect(b.form.locator(`#lesson-${b.id}-content`)).toHaveValue('Typed in the second tab.');
  await expect(b.form.locator(`#lesson-${b.id}-title`)).toHaveValue(opened);
  const stored = await second.request.get('/api/courses/1/modules');
  const lesson = ((await stored.json()) as { lessons: { id: number; title: string; content: string }[] }[])
    .flatMap((section) => section.lessons)
    .find((item) => String(item.id) === b.id)!;
  expect(lesson).toMatchObject({ title: 'Renamed in the first tab', content: 'Content from the first tab.' });

  await b.form.scrollIntoViewIfNeeded();
  await saveScreenshot(second, testInfo, 'course-editor-conflict');
  await second.setViewportSize({ width: 390, height: 844 });
  await expect(b.form.getByRole('alert')).toHaveText(CONFLICT);
  await b.form.getByRole('button', { name: 'Reload' }).scrollIntoViewIfNeeded();
  await saveScreenshot(second, testInfo, 'course-editor-conflict');
  await second.setViewportSize({ width: 1280, height: 800 });

  // Reload: the form shows what is saved; what was typed stays beside it; the next save goes through.
  await b.form.getByRole('button', { name: 'Reload' }).click();
  await expect(b.form.locator(`#lesson-${b.id}-title`)).toHaveValue('Renamed in the first tab');
  await expect(b.form.locator(`#lesson-${b.id}-content`)).toHaveValue('Content from the first tab.');
  const kept = b.form.getByTestId('kept-changes');
  await expect(kept.getByLabel('Content')).toHaveValue('Typed in the second tab.');
  await expect(kept.getByLabel('Title')).toHaveValue(opened);
  await b.form.locator(`#lesson-${b.id}-content`).fill('Typed in the second tab, after reloading.');
  await b.form.getByRole('button', { name: 'Save lesson' }).click();
  await expectSaveToast(second, 'Lesson updated successfully');
  await expect(b.form.getByText('Saved', { exact: true })).toBeVisible();
  await kept.getByRole('button', { name: 'Dismiss' }).click();
  await expect(kept).toHaveCount(0);

  await closeContexts(first.context(), second.context());
});
