/**
 * The course studio at /admin/courses (docs/behaviour/course-studio.md#course-editor): the admin renames a
 * section and a lesson, adds a lesson and publishes it, moves a lesson by keyboard, makes a lesson a draft,
 * and sees a refused save keep what was typed; a member's section page and the public course page show
 * every change at once, without the draft. Screenshots at 1280 and 390 px, with axe. Then, all in the
 * browser, the admin uploads a video on /admin/upload, gives it to a new lesson of a renamed section,
 * publishes it and watches it transcode in the studio, and a member plays it as HLS with its poster.
 *
 * The studio changes the one course every other spec reads (titles, counts, order), so this spec runs
 * against a site of its own, started here on its own data and port, sending its e-mails to the same peer.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { ownSite } from '../helpers/own-site.js';
import { uniqueEmail } from '../helpers/accounts.js';
import { expectNoSeriousA11yViolations, picturesWanted, saveScreenshot } from '../helpers/page-checks.js';
import { closeContexts } from '../helpers/contexts.js';
import { expectToast } from '../helpers/toasts.js';
import { playPast } from '../helpers/video.js';

/** A studio save's toast follows a server answer and may stand twice: the first, within 15 s. */
const expectSaveToast = (page: Page, title: string) =>
  expectToast(page, title, undefined, { timeout: 15_000, first: true });

const SECTION_TITLE = 'Start Here: Free Preview';
const RENAMED_LESSON = 'Greeting Every Table, Renamed';
const NEW_LESSON = 'Closing Checklist (New)';
const MEDIA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../services/course/media');

const site = ownSite('course-editor');

// The tests run in order on the one site but share nothing: one failing does not skip the others (the next
// worker starts a site of its own for them).
test.describe.configure({ mode: 'default' });

function sectionCard(page: Page, index: number): Locator {
  return page.getByTestId('studio-section').nth(index);
}

function lessonRows(section: Locator): Locator {
  return section.getByTestId('studio-lesson');
}

/** Opens the lesson's form (its 'Edit' button) and answers the form. */
async function openLesson(row: Locator): Promise<Locator> {
  await row.getByRole('button', { name: /^Edit lesson/ }).click();
  return row.getByRole('form');
}

interface StudioLessonView {
  id: number;
  title: string;
  isPublished: boolean;
}

async function studioOutline(page: Page) {
  const response = await page.request.get('/api/courses/1/modules');
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: number; title: string; lessons: StudioLessonView[] }[];
}

test('the admin edits the course in the studio and members and visitors see it at once', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const member = await site.memberPage(browser, 1280, uniqueEmail('course-editor', 'member'));

  const page = await site.adminPage(browser, 1280);
  await page.goto('/admin/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Course studio' })).toBeVisible();
  // The outline comes after the course list (a busy machine may take a while).
  await expect(page.getByTestId('studio-section')).toHaveCount(8, { timeout: 30_000 });
  const before = await studioOutline(page);
  const first = sectionCard(page, 0);
  const rows = lessonRows(first);
  await expect(rows).toHaveCount(15);

  // A section renamed inline.
  await first.getByLabel('Section title').fill(SECTION_TITLE);
  await expect(first.getByText('Unsaved changes')).toBeVisible();
  await first.getByRole('button', { name: 'Save section' }).click();
  await expectSaveToast(page, 'Module updated successfully');
  await expect(first.getByTestId('section-title')).toHaveText(SECTION_TITLE);
  await expect(first.getByText('Saved', { exact: true })).toBeVisible();

  // A lesson renamed inline (the third).
  const third = rows.nth(2);
  const thirdForm = await openLesson(third);
  await thirdForm.getByLabel('Title').fill(RENAMED_LESSON);
  await thirdForm.getByRole('button', { name: 'Save lesson' }).click();
  await expectSaveToast(page, 'Lesson updated successfully');
  await expect(third.getByTestId('lesson-title')).toHaveText(RENAMED_LESSON);
  await third.getByRole('button', { name: /^Close lesson/ }).click();

  // A refused save keeps what was typed, with the server's message beside the button.
  const fifth = rows.nth(4);
  const fifthForm = await openLesson(fifth);
  await fifthForm.getByLabel('Title').fill('A title typed before the refusal');
  await fifthForm.getByLabel('Video', { exact: true }).fill('never-uploaded.mp4');
  await fifthForm.getByRole('button', { name: 'Save lesson' }).click();
  await expect(fifthForm.getByRole('alert')).toHaveText('No uploaded file is named never-uploaded.mp4');
  await expectSaveToast(page, 'Error');
  await expect(fifthForm.getByLabel('Title')).toHaveValue('A title typed before the refusal');
  await expect(fifthForm.getByLabel('Video', { exact: true })).toHaveValue('never-uploaded.mp4');
  // The page's own check, before asking the server.
  await fifthForm.getByLabel('Video', { exact: true }).fill('https://example.com/clip.mp4');
  await fifthForm.getByRole('button', { name: 'Save lesson' }).click();
  await expect(fifthForm.getByRole('alert')).toHaveText(
    'Video links must be YouTube or Vimeo addresses (or a link to a .pdf or .docx document)',
  );
  await fifthForm.getByRole('button', { name: 'Undo changes' }).click();
  await expect(fifthForm.getByLabel('Title')).toHaveValue(before[0]!.lessons[4]!.title);
  await fifth.getByRole('button', { name: /^Close lesson/ }).click();

  // A lesson added: a draft at the end, then published.
  await first.getByLabel('New lesson title').fill(NEW_LESSON);
  await first.getByRole('button', { name: 'Add lesson' }).click();
  await expectSaveToast(page, 'Lesson added as a draft');
  await expect(rows).toHaveCount(16);
  const added = rows.nth(15);
  await expect(added.getByTestId('lesson-title')).toHaveText(NEW_LESSON);
  await expect(added.getByTestId('draft-badge')).toBeVisible();
  const addedForm = await openLesson(added);
  // No video yet: no length, and none to type.
  await expect(addedForm.getByTestId('lesson-length')).toHaveText('Not known yet');
  await addedForm.getByLabel('Published (members see it)').check();
  await addedForm.getByRole('button', { name: 'Save lesson' }).click();
  await expectSaveToast(page, 'Lesson updated successfully');
  await expect(added.getByTestId('draft-badge')).toHaveCount(0);
  await added.getByRole('button', { name: /^Close lesson/ }).click();

  // The renamed lesson moved to the top by keyboard: pick up, up until it is over the first, drop. The
  // list's live region says where it is after each key.
  const handle = first.getByRole('button', { name: `Move lesson “${RENAMED_LESSON}”` });
  await handle.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  const live = page.locator('[id^="DndLiveRegion"]').filter({ hasText: RENAMED_LESSON });
  await expect(live).toHaveText(/position \d+ of 16/);
  // Up until the live region says it is over the first place. Each press that moves it is announced anew;
  // the first "over" right after the pick-up may name a neighbour while the list's layout settles (a busy
  // machine), so the presses are counted by what the region says, not assumed.
  // One read per press decides both whether to press and what a press must change (two reads let the
  // region settle on the first place in between, and the press then had nothing to move).
  for (let presses = 0; presses < 6; presses += 1) {
    const said = (await live.textContent()) ?? '';
    if (/is over position 1 of 16/.test(said)) break;
    await page.keyboard.press('ArrowUp');
    await expect(live).not.toHaveText(said);
    await expect(live).toHaveText(/is over position \d+ of 16/);
  }
  await expect(live).toHaveText(/is over position 1 of 16/);
  await page.keyboard.press('Space');
  await expectSaveToast(page, 'Order saved');
  await expect(rows.first().getByTestId('lesson-title')).toHaveText(RENAMED_LESSON);

  // A lesson made a draft (the fourth, now that the renamed one went first it is still fourth).
  const draftTitle = before[0]!.lessons[3]!.title;
  const draftId = before[0]!.lessons[3]!.id;
  const draftRow = rows.filter({ hasText: draftTitle });
  const draftForm = await openLesson(draftRow);
  await draftForm.getByLabel('Published (members see it)').uncheck();
  await draftForm.getByRole('button', { name: 'Save lesson' }).click();
  await expectSaveToast(page, 'Lesson updated successfully');
  await expect(draftRow.getByTestId('draft-badge')).toBeVisible();
  await draftRow.getByRole('button', { name: /^Close lesson/ }).click();

  // What the server holds.
  const after = await studioOutline(page);
  expect(after[0]!.title).toBe(SECTION_TITLE);
  expect(after[0]!.lessons.map((lesson) => lesson.title).slice(0, 1)).toEqual([RENAMED_LESSON]);
  expect(after[0]!.lessons.find((lesson) => lesson.id === draftId)?.isPublished).toBe(false);
  expect(after[0]!.lessons.at(-1)).toMatchObject({ title: NEW_LESSON, isPublished: true });

  await page.evaluate('window.scrollTo(0, 0)');
  await saveScreenshot(page, testInfo, 'course-editor');
  await expectNoSeriousA11yViolations(page, testInfo, 'course-editor');

  // The member's section page: the new titles and order, the new lesson, not the draft.
  await member.goto(`/modules/${after[0]!.id}`);
  await expect(member.getByRole('heading', { level: 1, name: SECTION_TITLE })).toBeVisible();
  const memberRows = member.getByTestId('lesson-row');
  await expect(memberRows).toHaveCount(15);
  await expect(memberRows.first()).toContainText(RENAMED_LESSON);
  await expect(memberRows.last()).toContainText(NEW_LESSON);
  await expect(memberRows.filter({ hasText: draftTitle })).toHaveCount(0);
  await member.goto(`/lessons/${draftId}`);
  await expect(member.getByRole('heading', { name: 'Lesson Not Found' })).toBeVisible();

  // The public course page, as a visitor: the same, and the catalogue's counts (one added, one hidden).
  const visitorContext = await site.context(browser, 1280);
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { level: 2, name: 'Course content' })).toBeVisible();
  await expect(visitor.getByText('8 sections • 45 lectures')).toBeVisible();
  const publicSection = visitor.getByRole('region', { name: new RegExp(SECTION_TITLE) });
  await expect(publicSection.getByText(RENAMED_LESSON)).toBeVisible();
  await expect(publicSection.getByText(NEW_LESSON)).toBeVisible();
  await expect(publicSection.getByText(draftTitle)).toHaveCount(0);

  // The studio on a phone: nothing wider than the screen.
  const phone = await site.adminPage(browser, 390);
  await phone.goto('/admin/courses');
  await expect(phone.getByTestId('studio-section')).toHaveCount(8, { timeout: 30_000 });
  await openLesson(lessonRows(sectionCard(phone, 0)).first());
  await expect
    .poll(() => phone.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'))
    .toBeLessThanOrEqual(0);
  await phone.evaluate('window.scrollTo(0, 0)');
  await saveScreenshot(phone, testInfo, 'course-editor');
  await expectNoSeriousA11yViolations(phone, testInfo, 'course-editor-phone');

  await closeContexts(member.context(), page.context(), visitorContext, phone.context());
});

test('the admin renames a section, adds a lesson with a freshly uploaded video, and a member plays it as HLS', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const sectionTitle = 'Start Here: Streamed';
  const lessonTitle = 'Walkthrough of the Dining Room (Uploaded)';
  const member = await site.memberPage(browser, 1280, uniqueEmail('course-editor', 'streaming'));

  // The upload, resumable, on /admin/upload.
  const page = await site.adminPage(browser, 1280);
  await page.goto('/admin/upload');
  await page.getByLabel('Video file').setInputFiles(path.join(MEDIA, 'member-lesson.mp4'));
  await page.getByRole('button', { name: 'Upload Video' }).click();
  await expect(page.getByTestId('uploaded-name')).toHaveText('member-lesson.mp4', { timeout: 30_000 });
  const stored = (await page.getByTestId('uploaded-path').innerText()).trim();
  expect(stored).toMatch(/^lesson-[0-9a-f]{24}\.mp4$/);

  // On to the studio: the first section (open to members from the first day) renamed.
  await page.getByRole('link', { name: 'Go to the course editor' }).click();
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await expect(page.getByTestId('studio-section')).toHaveCount(8, { timeout: 30_000 });
  const first = sectionCard(page, 0);
  await first.getByLabel('Section title').fill(sectionTitle);
  await first.getByRole('button', { name: 'Save section' }).click();
  await expectSaveToast(page, 'Module updated successfully');
  await expect(first.getByTestId('section-title')).toHaveText(sectionTitle);

  // A lesson added, given the upload from the video field's list, and published.
  await first.getByLabel('New lesson title').fill(lessonTitle);
  await first.getByRole('button', { name: 'Add lesson' }).click();
  await expectSaveToast(page, 'Lesson added as a draft');
  const added = lessonRows(first).filter({ hasText: lessonTitle });
  await expect(added.getByTestId('draft-badge')).toBeVisible();
  const form = await openLesson(added);
  await form.getByLabel('Choose a stored file…').selectOption({ label: `member-lesson.mp4 (${stored})` });
  await expect(form.getByLabel('Video', { exact: true })).toHaveValue(stored);
  await form.getByLabel('Published (members see it)').check();
  await form.getByRole('button', { name: 'Save lesson' }).click();
  await expectSaveToast(page, 'Lesson updated successfully');
  await expect(added.getByTestId('draft-badge')).toHaveCount(0);
  await added.getByRole('button', { name: /^Close lesson/ }).click();

  // The studio follows the background transcode by itself, up to ready.
  const badge = added.getByTestId('transcode-state');
  await expect(badge).toHaveText(/^(Waiting to transcode|Transcoding \d+%|Adaptive streaming ready)$/);
  await expect(badge).toHaveText('Adaptive streaming ready', { timeout: 180_000 });

  const outline = await studioOutline(page);
  const sectionId = outline[0]!.id;
  const lessonId = outline[0]!.lessons.find((lesson) => lesson.title === lessonTitle)!.id;

  // The member finds it in the renamed section and plays it as HLS, with its poster.
  const streamed: string[] = [];
  member.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\.(m3u8|ts|mp4)$/.test(pathname)) streamed.push(pathname);
  });
  await member.goto(`/modules/${sectionId}`);
  await expect(member.getByRole('heading', { level: 1, name: sectionTitle })).toBeVisible();
  await member
    .getByTestId('lesson-row')
    .filter({ hasText: lessonTitle })
    .getByRole('link', { name: 'Start Lesson' })
    .click();
  await expect(member).toHaveURL(new RegExp(`/lessons/${lessonId}$`));
  const video = member.locator(`video[data-lesson-id="${lessonId}"]`);
  await expect(video).toBeVisible();
  const view = (await (await member.request.get(`/api/lessons/${lessonId}`)).json()) as {
    hlsUrl: string | null;
    posterUrl: string | null;
  };
  expect(view.hlsUrl).toMatch(new RegExp(`^/api/lessons/${lessonId}/hls/[0-9a-f-]{36}/master\\.m3u8$`));
  expect(view.posterUrl).toMatch(new RegExp(`^/api/lessons/${lessonId}/poster\\?v=`));
  await expect(video).toHaveAttribute('poster', view.posterUrl!);
  const poster = await member.request.get(view.posterUrl!);
  expect(poster.status()).toBe(200);
  expect(poster.headers()['content-type']).toMatch(/^image\/jpeg/);
  await expect(video).toHaveAttribute('data-playback', /^hls-(js|native)$/);

  await playPast(video, 1);
  const master = view.hlsUrl!;
  const folder = master.slice(0, master.lastIndexOf('/') + 1);
  expect(streamed).toContain(master);
  expect(streamed.some((pathname) => pathname.startsWith(folder) && /\/seg-[0-9]+\.ts$/.test(pathname))).toBe(
    true,
  );
  // The uploaded MP4 is not fetched while the streams play.
  expect(streamed.filter((pathname) => pathname.endsWith('.mp4'))).toEqual([]);
  await expect(member.getByRole('alert')).toHaveCount(0);

  await closeContexts(member.context(), page.context());
});

test("a lesson pointed at another video plays that video's captions, and shows the length the video has", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const page = await site.adminPage(browser, 1280);
  await page.goto('/admin/courses');
  await expect(page.getByTestId('studio-section')).toHaveCount(8, { timeout: 30_000 });
  // Section 4's first lesson plays the section introduction, with its captions.
  const row = lessonRows(sectionCard(page, 3)).first();
  const lessonId = Number(await row.getAttribute('data-lesson-id'));
  await expect(row).toContainText('Video · 0:12');
  const form = await openLesson(row);
  await expect(form.getByTestId('lesson-length')).toHaveText('0:12');
  await expect(form.getByLabel('Captions (.vtt)')).toHaveValue('section-introduction.vtt');
  // The lesson's row and form, at both widths.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    if (picturesWanted()) {
      await row.screenshot({ path: testInfo.outputPath(`studio-lesson-length-${width}px.png`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Another video; the captions field still holds the old one's file, as the admin left it.
  await form.getByLabel('Video', { exact: true }).fill('member-lesson.mp4');
  await form.getByRole('button', { name: 'Save lesson' }).click();
  await expectSaveToast(page, 'Lesson updated successfully');
  await expect(form.getByLabel('Captions (.vtt)')).toHaveValue('member-lesson.vtt');
  await expect(form.getByTestId('lesson-length')).toHaveText('0:12');

  // The player loads the new video's captions.
  await page.goto(`/lessons/${lessonId}`);
  const video = page.locator('video');
  await expect(video).toHaveAttribute('src', /member-lesson\.mp4$/);
  await expect(video.locator('track')).toHaveAttribute('src', '/api/video-stream/member-lesson.vtt');
  await expect(page.getByTestId('lesson-length')).toHaveText('0:12');
});

test('anyone but the admin is turned away from the studio', async ({ browser }) => {
  const context = await site.context(browser, 1280);
  const page = await context.newPage();
  await page.goto('/admin/courses');
  // The page's own notice; the 'Unauthorized' toast (also a status) may be up at the same moment.
  const notice = page.getByRole('status').filter({ hasText: 'Taking you to the log-in page…' });
  await expect(notice).toContainText('Unauthorized');
  await expect(page).toHaveURL(/\/login$/);
  await closeContexts(context);
});
