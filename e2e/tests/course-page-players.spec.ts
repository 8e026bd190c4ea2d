/**
 * One soundtrack at a time on the public course page `/` (docs/behaviour/public-site-and-catalogue.md), against
 * the embedded site: the introduction and the free-preview player never play together; starting either one
 * pauses the other, whether by its big play button or its own controls.
 */
import { expect, test } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { saveScreenshot } from '../helpers/page-checks.js';
import { holdRequests } from '../helpers/held-requests.js';

// The node typings have no DOM: the media-element fields these checks use.
type MediaState = { currentTime: number; paused: boolean; muted: boolean; play(): Promise<void> };

function isPlaying(video: Locator): Promise<boolean> {
  return video.evaluate((element) => {
    const media = element as unknown as MediaState;
    return !media.paused && media.currentTime > 0.2;
  });
}

function isPaused(video: Locator): Promise<boolean> {
  return video.evaluate((element) => (element as unknown as MediaState).paused);
}

test(
  'starting the introduction or the preview pauses the other',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Course content' })).toBeVisible();
    const intro = page.getByLabel('Course introduction video');
    const preview = page.getByRole('region', { name: 'Free preview lessons' }).locator('video');

    // The introduction first, by its play button: one press, however early (docs/decisions.md, 115).
    await page.getByRole('button', { name: /Play the course introduction/ }).click();
    await expect.poll(() => isPlaying(intro), { timeout: 15_000 }).toBe(true);

    // The preview by its overlay: it plays, the introduction stops.
    await page.getByRole('button', { name: /^Play lesson: / }).click();
    await expect.poll(() => isPlaying(preview), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => isPaused(intro)).toBe(true);
    await saveScreenshot(page, testInfo, 'course-page-one-player');

    // The introduction again, by its own controls: now the preview stops.
    await intro.evaluate((element) => (element as unknown as MediaState).play());
    await expect.poll(() => isPlaying(intro), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => isPaused(preview)).toBe(true);

    // And the preview by its own controls once more.
    await preview.evaluate((element) => (element as unknown as MediaState).play());
    await expect.poll(() => isPlaying(preview), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => isPaused(intro)).toBe(true);
  },
);

test(
  "a play pressed before the page's script has started is given once the player works",
  { tag: '@phone' },
  async ({ page }) => {
    // docs/decisions.md, 115: the page's scripts are held back until after the press, as on a slow phone.
    const release = await holdRequests(page, /\/public-pages\/.*\.js$/);
    await page.goto('/', { waitUntil: 'commit' });
    const play = page.getByRole('button', { name: /Play the course introduction/ });
    await play.click();
    // Nothing ran yet: the press is held, not lost, and the button still stands.
    await expect(play).toBeVisible();
    release();
    await expect(play).toBeHidden({ timeout: 15_000 });
    const intro = page.getByLabel('Course introduction video');
    await expect.poll(() => isPlaying(intro), { timeout: 15_000 }).toBe(true);
  },
);

test(
  'a lesson chosen in the outline before the player has hydrated is the one the player loads',
  { tag: '@phone' },
  async ({ page }) => {
    // A short phone screen: the free-preview player starts well below it, so its part waits for its turn
    // (docs/decisions.md, 115) while the outline, pressed by assistive technology, hydrates at once.
    await page.setViewportSize({ width: 390, height: 500 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const row = page.getByRole('button', { name: /^Why Guests Don't Come Back/ });
    await row.dispatchEvent('click');
    await expect(row).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });

    const video = page.getByRole('region', { name: 'Free preview lessons' }).locator('video');
    await video.scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: "Play lesson: Why Guests Don't Come Back" })).toBeVisible();
    await expect(video).toHaveAttribute('src', /free-preview-2\.mp4$/);
    await expect(video).toHaveAttribute('aria-label', "Lesson video: Why Guests Don't Come Back");
  },
);
