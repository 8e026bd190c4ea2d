/**
 * An admin's press whose answer is lost on poor Wi-Fi after the server did the work (`loseFirstAnswer`):
 * the page must end up telling the truth, and pressing again must not do the work twice nor show a refusal
 * of the admin's own first press. The studio's lesson and section saves and additions
 * (docs/behaviour/course-studio.md),
 * a coupon (docs/behaviour/admin.md#coupons) and an answer to a lesson question
 * (docs/behaviour/admin.md#lesson-questions). The member's pages are in pressed-again.spec.ts.
 *
 * The studio changes the one course every other spec reads, so its tests run against a site of their own.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { ADMIN, becomeCourseMember, logIn, uniqueEmail } from '../helpers/accounts.js';
import { closeContexts } from '../helpers/contexts.js';
import { enrolledCourse } from '../helpers/course.js';
import { loseFirstAnswer } from '../helpers/held-requests.js';
import { ownSite } from '../helpers/own-site.js';
import { saveScreenshot } from '../helpers/page-checks.js';
import { expectToast } from '../helpers/toasts.js';

/** The Wi-Fi still down for the page's next `reads` reads (GET) of `url`; its other requests go on. */
async function readsFail(page: Page, url: string | RegExp, reads = 1): Promise<void> {
  let left = reads;
  await page.route(url, (route) => {
    if (route.request().method() !== 'GET' || left === 0) return route.fallback();
    left -= 1;
    return route.abort('connectionreset');
  });
}

/** A toast follows a server answer and, after a lost one, a second read: a loaded machine may be slow. */
const TOAST_WAIT = { timeout: 15_000 };

test.describe('the course studio', () => {
  const site = ownSite('admin-pressed-again');

  async function openStudio(page: Page): Promise<Locator> {
    await page.goto('/admin/courses');
    await expect(page.getByTestId('studio-section')).toHaveCount(8, { timeout: 30_000 });
    return page.getByTestId('studio-section').first();
  }

  async function openLesson(
    section: Locator,
    index: number,
  ): Promise<{ row: Locator; form: Locator; id: string }> {
    const row = section.getByTestId('studio-lesson').nth(index);
    await row.getByRole('button', { name: /^Edit lesson/ }).click();
    return { row, form: row.getByRole('form'), id: (await row.getAttribute('data-lesson-id'))! };
  }

  const outline = '**/api/courses/1/modules';

  test('a lesson saved after a lost answer is told as saved, and its next save goes through', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const page = await site.adminPage(browser, 1280);
    const { row, form, id } = await openLesson(await openStudio(page), 1);
    await form.locator(`#lesson-${id}-title`).fill('Saved on poor Wi-Fi');
    await loseFirstAnswer(page, '**/api/lessons/*/video', 'PUT');
    await form.getByRole('button', { name: 'Save lesson' }).click();
    await expectToast(page, 'Lesson updated successfully', undefined, { ...TOAST_WAIT, first: true });
    await expect(form.getByText('Saved', { exact: true })).toBeVisible();
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(row.getByTestId('lesson-title')).toHaveText('Saved on poor Wi-Fi');
    await form.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'studio-lesson-answer-lost');

    // The form took the version the lost save made: the next save is not refused as changed.
    await form.locator(`#lesson-${id}-content`).fill('Written after the lost answer.');
    await form.getByRole('button', { name: 'Save lesson' }).click();
    await expect(form.getByText('Saved', { exact: true })).toBeVisible(TOAST_WAIT);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await closeContexts(page.context());
  });

  test('a new video saved after a lost answer is told as saved, with the captions the server gave it', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await site.adminPage(browser, 1280);
    await openStudio(page);
    // Section 4's first lesson plays the section introduction, with its captions.
    const { form } = await openLesson(page.getByTestId('studio-section').nth(3), 0);
    await expect(form.getByLabel('Captions (.vtt)')).toHaveValue('section-introduction.vtt');
    // Another video, the captions left as they were: the server gives it the new video's own.
    await form.getByLabel('Video', { exact: true }).fill('member-lesson.mp4');
    await loseFirstAnswer(page, '**/api/lessons/*/video', 'PUT');
    await form.getByRole('button', { name: 'Save lesson' }).click();
    await expect(form.getByText('Saved', { exact: true })).toBeVisible(TOAST_WAIT);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Reload' })).toHaveCount(0);
    await expect(form.getByLabel('Captions (.vtt)')).toHaveValue('member-lesson.vtt');
    await closeContexts(page.context());
  });

  test('a lesson saved again after a lost answer the page could not check is told as saved, not changed', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await site.adminPage(browser, 1280);
    const { form, id } = await openLesson(await openStudio(page), 2);
    await form.locator(`#lesson-${id}-title`).fill('Pressed again on poor Wi-Fi');
    await loseFirstAnswer(page, '**/api/lessons/*/video', 'PUT');
    // The Wi-Fi is still down for the page's read of the outline.
    await readsFail(page, outline);
    const save = form.getByRole('button', { name: 'Save lesson' });
    await save.click();
    await expect(form.getByRole('alert')).toHaveText('Failed to update lesson', TOAST_WAIT);
    await save.click();
    await expect(form.getByText('Saved', { exact: true })).toBeVisible(TOAST_WAIT);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Reload' })).toHaveCount(0);
    await closeContexts(page.context());
  });

  test('a section saved again after a lost answer the page could not check is told as saved, not changed', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await site.adminPage(browser, 1280);
    const section = await openStudio(page);
    const form = section.getByRole('form', { name: /^Edit section/ });
    await form.getByLabel('Section title').fill('Renamed on poor Wi-Fi');
    await loseFirstAnswer(page, /\/api\/modules\/\d+$/, 'PUT');
    await readsFail(page, outline);
    const save = form.getByRole('button', { name: 'Save section' });
    await save.click();
    await expect(form.getByRole('alert')).toHaveText('Failed to update module', TOAST_WAIT);
    await save.click();
    await expect(form.getByText('Saved', { exact: true })).toBeVisible(TOAST_WAIT);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(section.getByTestId('section-title')).toHaveText('Renamed on poor Wi-Fi');
    await closeContexts(page.context());
  });

  test('a lesson and a section added again after a lost answer are added once', async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await site.adminPage(browser, 1280);
    const section = await openStudio(page);
    const lessons = section.getByTestId('studio-lesson');
    const lessonCount = await lessons.count();
    await section.getByLabel('New lesson title').fill('Added on poor Wi-Fi');
    await loseFirstAnswer(page, '**/api/modules/*/lessons');
    const addLesson = section.getByRole('button', { name: 'Add lesson' });
    await addLesson.click();
    await expectToast(page, 'Error', undefined, TOAST_WAIT);
    await expect(section.getByLabel('New lesson title')).toHaveValue('Added on poor Wi-Fi');
    await addLesson.click();
    await expectToast(page, 'Lesson added as a draft', undefined, TOAST_WAIT);
    await expect(section.getByLabel('New lesson title')).toHaveValue('');
    await expect(lessons).toHaveCount(lessonCount + 1);

    const sections = page.getByTestId('studio-section');
    const newSection = page.getByLabel('New section title');
    await newSection.fill('Added on poor Wi-Fi too');
    await loseFirstAnswer(page, outline);
    const addSection = page.getByRole('button', { name: 'Add section' });
    await addSection.click();
    await expectToast(page, 'Error', undefined, { ...TOAST_WAIT, first: true });
    await expect(newSection).toHaveValue('Added on poor Wi-Fi too');
    await addSection.click();
    await expectToast(page, 'Section added as a draft', undefined, TOAST_WAIT);
    await expect(sections).toHaveCount(9);

    // What the server kept: one of each.
    await page.reload();
    await expect(sections).toHaveCount(9, { timeout: 30_000 });
    await expect(section.getByTestId('lesson-title').filter({ hasText: 'Added on poor Wi-Fi' })).toHaveCount(
      1,
    );
    const added = sections.last();
    await expect(added.getByTestId('section-title')).toHaveText('Added on poor Wi-Fi too');
    // The other tests of this site expect its eight sections.
    await added.getByRole('button', { name: 'Delete section “Added on poor Wi-Fi too”' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(sections).toHaveCount(8, TOAST_WAIT);
    await closeContexts(page.context());
  });
});

test('a coupon created again after a lost answer is told as created, once', async ({ page }, testInfo) => {
  const code = `WIFI-${randomUUID().slice(0, 6).toUpperCase()}`;
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/coupons');
  const form = page.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Percent off').fill('15');
  await form.getByLabel('Total uses (optional)').fill('20');
  await loseFirstAnswer(page, '**/api/admin/coupons');
  // The Wi-Fi is still down for the page's read of the coupons.
  await readsFail(page, '**/api/admin/coupons');
  const create = form.getByRole('button', { name: 'Create coupon' });
  await create.click();
  await expectToast(page, 'Error', undefined, TOAST_WAIT);
  await expect(form.getByLabel('Code')).toHaveValue(code.toLowerCase());
  await create.click();
  await expectToast(page, 'Coupon created', `${code} can be used now.`, TOAST_WAIT);
  await expect(form.getByText('A coupon with this code exists already.')).toHaveCount(0);
  await expect(form.getByLabel('Code')).toHaveValue('');
  await expect(page.getByTestId('coupon-row').filter({ hasText: code })).toHaveCount(1);
  await saveScreenshot(page, testInfo, 'coupon-created-again');
});

test('an answer sent again after a lost answer is told as sent, once', async ({ page, browser }) => {
  const email = uniqueEmail('admin-again', 'question');
  await becomeCourseMember(page, email);
  const { sections } = await enrolledCourse(page.request);
  const lessons = (await (await page.request.get(`/api/modules/${sections[0]!.id}/lessons`)).json()) as {
    id: number;
  }[];
  const asked = await page.request.post(`/api/lessons/${lessons[0]!.id}/questions`, {
    data: { body: `Which wine with the lamb? ${email}` },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await logIn(admin, ADMIN.email, ADMIN.password);
  await admin.goto('/admin/questions');
  const item = admin.getByTestId('admin-question').filter({ hasText: email });
  await item.getByLabel('Your answer').fill('The house Syrah.');
  await loseFirstAnswer(admin, '**/api/admin/questions/*/answer');
  // The Wi-Fi is still down for the page's reads of the questions.
  await readsFail(admin, /\/api\/admin\/questions\?status=/, 2);
  const send = item.getByRole('button', { name: 'Send answer' });
  await send.click();
  await expectToast(admin, 'Error', 'The answer could not be sent', TOAST_WAIT);
  await send.click();
  await expectToast(admin, 'Answer sent', undefined, TOAST_WAIT);
  await expect(admin.getByRole('status').filter({ hasText: 'already been answered' })).toHaveCount(0);
  await expect(item).toHaveCount(0);
  await admin.context().close();
});
