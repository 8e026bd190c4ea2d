/**
 * The section page `/module/{id}` (docs/behaviour/member-learning.md#section-page) and the lesson page
 * `/lessons/{id}` with the shared player, against the embedded site: a member who bought the course opens
 * section 1, plays a lesson, the position reaches the server, a second signed-in browser (another device)
 * resumes there; 'Complete Lesson' and 'Mark as Completed'; the keyboard drives the player; missing
 * sections and lessons; a free account watches the free lessons as on `/` (the others are for members);
 * signed-out visitors are turned away. Axe and screenshots on a desktop and a 375 px phone.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { becomeCourseMember, signInThroughApi, uniqueEmail, signInNewAccount } from '../helpers/accounts.js';
import { expectNoSeriousA11yViolations, picturesWanted, screenshotBoth } from '../helpers/page-checks.js';
import { expectToast } from '../helpers/toasts.js';
import { enrolledCourse } from '../helpers/course.js';
import { currentTime, type VideoElement } from '../helpers/video.js';

type Lesson = { id: number; positionSeconds: number; completed: boolean; captionsUrl: string | null };

async function readLesson(request: APIRequestContext, lessonId: number): Promise<Lesson> {
  const response = await request.get(`/api/lessons/${lessonId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Lesson;
}

test('a signed-out visitor is sent to /login from a section and a lesson', async ({ page }) => {
  await page.goto('/module/1');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/lessons/1');
  await expect(page).toHaveURL(/\/login$/);
});

test(
  'a free account watches the free lessons as on /, and the others say they are for members',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await signInNewAccount(page, 'learn', 'free');
    const preview = (await (await page.request.get('/api/course-preview')).json()) as {
      sections: { id: number; lessons: { id: number; isOpen: boolean }[] }[];
    };
    const [first, second] = preview.sections;

    // Section 1: its 15 free lessons play, with their length; nothing to mark complete.
    await page.goto(`/module/${first!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Free Preview Videos' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/module/${first!.id}$`));
    await expect(page.getByTestId('section-badge')).toHaveText('Free Preview');
    await expect(page.getByTestId('section-preview')).toContainText(
      'The free lessons are open to you. Members open every lesson of the course.',
    );
    await expect(
      page.getByTestId('section-preview').getByRole('link', { name: 'Upgrade to Access' }),
    ).toHaveAttribute('href', '/membership');
    const cards = page.getByTestId('section-lesson');
    await expect(cards).toHaveCount(15);
    await expect(cards.first().locator('video')).toHaveAttribute('src', /free-preview-1\.mp4$/);
    await expect(cards.first().getByTestId('lesson-length')).toHaveText('0:12');
    await expect(page.getByRole('button', { name: 'Mark Section Complete' })).toHaveCount(0);
    await screenshotBoth(page, testInfo, 'section-page-free-preview');
    if (picturesWanted()) {
      // The page's top as a reader first sees it (the full page is 15 players long).
      await page.screenshot({ path: testInfo.outputPath('section-page-free-preview-top.png') });
    }
    await expectNoSeriousA11yViolations(page, testInfo, 'section-page-free-preview');

    // A free lesson's own page plays it.
    await page.goto(`/lessons/${first!.lessons[0]!.id}`);
    await expect(page).toHaveURL(new RegExp(`/lessons/${first!.lessons[0]!.id}$`));
    await expect(page.locator('video')).toHaveAttribute('src', /free-preview-1\.mp4$/);
    await expect(page.getByTestId('lesson-length')).toHaveText('0:12');

    // Section 2: its first lesson is open (as on /), the others are for members.
    await page.goto(`/module/${second!.id}`);
    await expect(cards.first().locator('video')).toHaveAttribute('src', /section-introduction\.mp4$/);
    await expect(cards.nth(1)).toContainText('This lesson is for members.');
    await expect(cards.nth(1).locator('video, iframe')).toHaveCount(0);
    await page.goto(`/lessons/${second!.lessons[1]!.id}`);
    const locked = page.getByTestId('lesson-locked');
    await expect(locked).toContainText('This lesson is for members.');
    await expect(locked.getByRole('link', { name: 'Upgrade to Access' })).toHaveAttribute(
      'href',
      '/membership',
    );
    await expect(page.locator('video')).toHaveCount(0);
    await screenshotBoth(page, testInfo, 'lesson-page-members-only');
  },
);

test(
  'a member studies section 1: plays, resumes on another device, completes lessons',
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(150_000);
    const email = uniqueEmail('learn', 'member');
    const password = await becomeCourseMember(page, email);
    const { sections } = await enrolledCourse(page.request);
    const [section1, section2] = sections;

    // The section page, word for word.
    await page.goto(`/module/${section1!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: section1!.title })).toBeVisible();
    await expect(page).toHaveTitle(`${section1!.title} | Restaurant Consultancy Course`);
    await expect(page.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByTestId('section-badge')).toHaveText('Available');
    await expect(page.getByRole('heading', { level: 2, name: 'Section Lessons' })).toBeVisible();
    const cards = page.getByTestId('section-lesson');
    await expect(cards.first()).toBeVisible();
    const total = await cards.count();
    expect(total).toBeGreaterThan(1);
    await expect(cards.first()).toContainText(`Lesson 1 of ${total}`);
    await expect(cards.first().getByTestId('lesson-length')).toHaveText('0:12');
    await expect(cards.first().getByRole('button', { name: 'Complete Lesson' })).toBeEnabled();
    await expect(page.getByRole('heading', { name: "What You'll Learn in This Section" })).toBeVisible();
    await expect(page.getByTestId('section-footer')).toContainText(
      `Complete all ${total} lessons to finish this section`,
    );
    await expect(page.getByRole('button', { name: 'Mark Section Complete' })).toBeEnabled();
    await expect(page.getByTestId('next-section-teaser')).toHaveText(
      section2?.isAvailable ? 'Section 2 is now available!' : 'Continue building your restaurant expertise!',
    );
    await screenshotBoth(page, testInfo, 'section-page');
    await expectNoSeriousA11yViolations(page, testInfo, 'section-page');

    // Play the first lesson until past 1 s, pause: the position reaches the server.
    const firstCard = cards.first();
    const lessonId = Number(await firstCard.getAttribute('data-lesson-id'));
    const video = firstCard.locator('video');
    await video.scrollIntoViewIfNeeded();
    await video.evaluate((node) => {
      const element = node as unknown as VideoElement;
      element.muted = true;
      return element.play();
    });
    await expect.poll(() => currentTime(video), { timeout: 15_000 }).toBeGreaterThan(1.5);
    await video.evaluate((node) => (node as unknown as VideoElement).pause());
    await expect
      .poll(async () => (await readLesson(page.request, lessonId)).positionSeconds, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const saved = (await readLesson(page.request, lessonId)).positionSeconds;

    // Another device: a second browser signed in as the same member resumes there.
    const { baseURL, viewport, userAgent, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
    const other = await browser.newContext({
      baseURL,
      viewport,
      userAgent,
      isMobile,
      hasTouch,
      deviceScaleFactor,
    });
    try {
      const phone = await other.newPage();
      await signInThroughApi(phone, email, password);
      await phone.goto(`/lessons/${lessonId}`);
      const resumed = phone.getByRole('group', { name: /^Video player:/ }).locator('video');
      await expect.poll(() => currentTime(resumed), { timeout: 15_000 }).toBeGreaterThanOrEqual(saved - 0.5);
      expect(await currentTime(resumed)).toBeLessThan(saved + 1.5);
      await expect(phone.getByTestId('resume-note')).toContainText('Continue where you left off');
    } finally {
      await other.close();
    }

    // Complete Lesson on the section page: toast, then the card says Completed.
    await firstCard.getByRole('button', { name: 'Complete Lesson' }).click();
    await expectToast(page, 'Progress Saved', 'This lesson has been marked as completed.');
    await expect(firstCard.getByRole('button', { name: 'Completed' })).toBeDisabled();
    expect((await readLesson(page.request, lessonId)).completed).toBe(true);

    // The lesson page of the second lesson.
    const secondId = Number(await cards.nth(1).getAttribute('data-lesson-id'));
    await page.goto(`/lessons/${secondId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to Module/ })).toHaveAttribute(
      'href',
      `/modules/${section1!.id}`,
    );
    await expect(page.getByRole('heading', { name: 'Key Takeaways' })).toBeVisible();
    await expect(page.getByTestId('lesson-content')).not.toBeEmpty();
    await screenshotBoth(page, testInfo, 'lesson-page');
    await expectNoSeriousA11yViolations(page, testInfo, 'lesson-page');

    // Keyboard: focus the player, K plays, → jumps ahead 10 s.
    const lessonVideo = page.getByRole('group', { name: /^Video player:/ }).locator('video');
    await lessonVideo.evaluate((node) => {
      (node as unknown as VideoElement).muted = true;
    });
    await lessonVideo.focus();
    await page.keyboard.press('k');
    await expect
      .poll(() => lessonVideo.evaluate((node) => (node as unknown as VideoElement).paused))
      .toBe(false);
    await expect.poll(() => currentTime(lessonVideo)).toBeGreaterThan(0.2);
    const before = await currentTime(lessonVideo);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(lessonVideo)).toBeGreaterThanOrEqual(Math.min(before + 9, 11));

    // The lesson's captions: an English track from the protected stream, on by default; C turns it off.
    const captionsUrl = ((await (await page.request.get(`/api/lessons/${secondId}`)).json()) as Lesson)
      .captionsUrl;
    expect(captionsUrl).toMatch(/^\/api\/video-stream\/.+\.vtt$/);
    const track = lessonVideo.locator('track');
    await expect(track).toHaveAttribute('kind', 'captions');
    await expect(track).toHaveAttribute('srclang', 'en');
    await expect(track).toHaveAttribute('src', captionsUrl!);
    const captionsMode = () =>
      lessonVideo.evaluate((node) => (node as unknown as VideoElement).textTracks[0]?.mode ?? 'none');
    await expect.poll(captionsMode).toBe('showing');
    await lessonVideo.focus();
    await page.keyboard.press('c');
    await expect.poll(captionsMode).toBe('hidden');

    // Mark as Completed → Completed (disabled), kept after a reload.
    const mark = page.getByRole('button', { name: 'Mark as Completed' });
    await mark.click();
    await expect(page.getByRole('button', { name: 'Completed' })).toBeDisabled();
    await expectToast(page, 'Progress Saved', 'This lesson has been marked as completed.');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Completed' })).toBeDisabled();

    // Missing things.
    await page.goto('/lessons/987654');
    await expect(page.getByRole('heading', { name: 'Lesson Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Courses' })).toHaveAttribute('href', '/courses');
    await page.goto('/module/987654');
    await expect(page.getByRole('heading', { name: 'Section Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A locked section says when it opens.
    const locked = sections.find((section) => !section.isAvailable);
    if (locked) {
      await page.goto(`/module/${locked.id}`);
      await expect(page.getByTestId('section-locked')).toContainText(/It unlocks on .+\d{4}/);
      await expect(page.getByTestId('section-badge')).toHaveText('Locked');
    }
  },
);
