/**
 * The admin's video upload at /admin/upload (docs/behaviour/course-studio.md#video-upload): the admin
 * chooses a shipped sample lesson video, sees its size, uploads it resumably with a real percentage, and
 * sees the stored file's original name, size and path; the stored bytes are the file's. A larger video is
 * paused mid-way and resumed from where it stopped. A text file dressed up as a video is refused with the
 * spec's words. A visitor is sent to log in. Screenshots at 1280 px and, in the @phone project, 390 px.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { Page, Request, Route } from '@playwright/test';
import { ADMIN, signInThroughApi } from '../helpers/accounts.js';
import { expectNoSeriousA11yViolations, saveScreenshot } from '../helpers/page-checks.js';

const MEDIA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../services/course/media');
const CHUNK = 8 * 1024 * 1024;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function uploadCard(page: Page) {
  return page.getByRole('main');
}

test.describe('admin video upload', () => {
  test(
    'the admin uploads a lesson video and sees its original name, size and path',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      const video = await readFile(path.join(MEDIA, 'member-lesson.mp4'));
      await signInThroughApi(page, ADMIN.email, ADMIN.password);
      await page.goto('/admin/upload');
      await expect(page.getByRole('heading', { level: 1, name: 'Video Upload' })).toBeVisible();
      await expect(page).toHaveTitle(/Video Upload/);
      await expect(uploadCard(page).getByText('No video chosen yet.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Upload Video' })).toBeDisabled();
      await expect(page.getByLabel('Video file')).toHaveAttribute('accept', 'video/*');
      await saveScreenshot(page, testInfo, 'admin-upload-idle');

      const patches: Request[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && request.url().includes('/api/uploads/')) patches.push(request);
      });
      await page.getByLabel('Video file').setInputFiles(path.join(MEDIA, 'member-lesson.mp4'));
      await expect(page.getByTestId('chosen-video')).toContainText('member-lesson.mp4');
      await expect(page.getByTestId('chosen-size')).toHaveText('240.7 KB');
      await saveScreenshot(page, testInfo, 'admin-upload-chosen');
      await page.getByRole('button', { name: 'Upload Video' }).click();

      const success = page.getByTestId('upload-success');
      await expect(success).toBeVisible();
      await expect(success.getByText('Upload complete')).toBeVisible();
      await expect(page.getByTestId('uploaded-name')).toHaveText('member-lesson.mp4');
      await expect(page.getByTestId('uploaded-size')).toHaveText('240.7 KB');
      await expect(page.getByTestId('uploaded-path')).toHaveText(/^lesson-[0-9a-f]{24}\.mp4$/);
      expect(patches.length).toBeGreaterThan(0);
      await saveScreenshot(page, testInfo, 'admin-upload-success');
      await expectNoSeriousA11yViolations(page, testInfo, 'admin video upload');

      // What the course service stored is the file, byte for byte (the admin may play any lesson file).
      const stored = await page.request.get(
        `/api/video-stream/${await page.getByTestId('uploaded-path').innerText()}`,
      );
      expect(stored.status()).toBe(200);
      expect(sha256(await stored.body())).toBe(sha256(video));

      // A text file named .mp4 is refused by its content, in the spec's words.
      await page.getByRole('button', { name: 'Upload another video' }).click();
      await page.getByLabel('Video file').setInputFiles({
        name: 'not-really.mp4',
        mimeType: 'video/mp4',
        buffer: Buffer.from('These are my notes for the lesson, not a video.\n'),
      });
      await page.getByRole('button', { name: 'Upload Video' }).click();
      const error = page.getByTestId('upload-error');
      await expect(error).toContainText('Upload failed: 415 Unsupported Media Type');
      await expect(error).toContainText('The file is not an accepted video (MP4, MOV or WebM)');
      await saveScreenshot(page, testInfo, 'admin-upload-error');
    },
  );

  test('a large video paused mid-way resumes from where it stopped', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    // A real video followed by padding: two pieces of 8 MB and a bit; the server checks its first bytes.
    const sample = await readFile(path.join(MEDIA, 'section-introduction.mp4'));
    const video = Buffer.concat([sample, Buffer.alloc(2 * CHUNK + 4096 - sample.length, 7)]);
    await signInThroughApi(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/upload');

    // The second piece is held until the admin has paused, so the pause meets an upload on its way.
    const offsets: string[] = [];
    let releaseSecond: () => void = () => undefined;
    const secondHeld = new Promise<void>((resolve) => (releaseSecond = resolve));
    let secondSeen: () => void = () => undefined;
    const secondArrived = new Promise<void>((resolve) => (secondSeen = resolve));
    await page.route('**/api/uploads/*', async (route: Route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      const offset = (await request.allHeaders())['upload-offset'] ?? '';
      offsets.push(offset);
      if (offsets.length === 2) {
        secondSeen();
        await secondHeld;
        // Paused: the browser gave up on this request.
        await route.abort('aborted').catch(() => undefined);
        return;
      }
      await route.continue();
    });

    // Chosen from a file on disk, as a person would: a 16 MB buffer handed to setInputFiles travels into the
    // page as one base64 string that Chromium parses as script (9 s of a 26 s run, measured alone).
    const file = testInfo.outputPath('long-walkthrough.mp4');
    await writeFile(file, video);
    await page.getByLabel('Video file').setInputFiles(file);
    await expect(page.getByTestId('chosen-size')).toHaveText('16 MB');
    await page.getByRole('button', { name: 'Upload Video' }).click();
    await secondArrived;
    await expect(page.getByTestId('upload-percent')).not.toHaveText('0%');
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByTestId('transfer-status')).toHaveAttribute('data-transfer', 'paused');
    releaseSecond();
    await page.getByRole('button', { name: 'Resume' }).click();

    await expect(page.getByTestId('uploaded-name')).toHaveText('long-walkthrough.mp4', { timeout: 60_000 });
    await expect(page.getByTestId('uploaded-size')).toHaveText('16 MB');
    // Resumed at the server's offset (the first piece), never from the start.
    expect(offsets.slice(0, 3)).toEqual(['0', String(CHUNK), String(CHUNK)]);
    const stored = await page.request.get(
      `/api/video-stream/${await page.getByTestId('uploaded-path').innerText()}`,
    );
    expect(sha256(await stored.body())).toBe(sha256(video));
  });

  test('a visitor is sent to log in', async ({ page }) => {
    await page.goto('/admin/upload');
    await expect(page.getByText('Unauthorized', { exact: true }).first()).toBeVisible();
    await page.waitForURL(/\/login$/);
  });
});
