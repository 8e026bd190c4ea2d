/**
 * The older dashboard's tour, step 3 'Course chapters' (docs/behaviour/member-learning.md#older-dashboard):
 * the popover stands beside the chapter list it describes and never covers it: to its right on a wide
 * screen, above its heading on a phone, where the list takes the page's whole width. The support admin,
 * who may open every member page, walks it, so no purchase is needed.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, signInThroughApi } from '../helpers/accounts.js';
import { picturesWanted } from '../helpers/page-checks.js';

type Box = { x: number; y: number; width: number; height: number };

/** The area two boxes share (0 when they do not overlap). */
function overlap(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.max(0, width) * Math.max(0, height);
}

test(
  'tour step 3 stands beside the chapter list, never over it',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await signInThroughApi(page, ADMIN.email, ADMIN.password);
    await page.goto('/old-dashboard');
    await page.evaluate("window.localStorage.removeItem('tutorial_dashboard')");
    await page.reload();

    const popover = page.locator('.driver-popover.dashboard-tour');
    await expect(popover).toBeVisible({ timeout: 5000 });
    const chapters = page.getByRole('navigation', { name: 'Course Chapters' });
    await expect(chapters.getByTestId('chapter')).toHaveCount(8);
    for (let step = 0; step < 2; step += 1) await popover.getByRole('button', { name: 'Next' }).click();
    await expect(popover).toContainText('Step 3 of 4');
    await expect(popover).toContainText('Course chapters');

    // Let driver.js finish scrolling the page and moving the popover: both boxes (they are measured
    // against the screen, so the scroll moves the list's too) must stay put between two looks. Checking
    // the popover alone once compared a settled popover with a list still scrolling under it.
    let previous = '';
    const settledBoxes: { current: { popoverBox: Box; listBox: Box } | null } = { current: null };
    await expect
      .poll(
        async () => {
          const popoverBox = await popover.boundingBox();
          const listBox = await chapters.boundingBox();
          const now = JSON.stringify([popoverBox, listBox]);
          const settled = now === previous && popoverBox !== null && listBox !== null;
          previous = now;
          if (settled) settledBoxes.current = { popoverBox, listBox };
          return settled;
        },
        { intervals: [250] },
      )
      .toBe(true);
    const { popoverBox, listBox } = settledBoxes.current!;
    // What the screen shows (a full-page picture would resize the window and move the popover).
    const viewport = page.viewportSize()!;
    if (picturesWanted()) {
      const picture = testInfo.outputPath(`old-dashboard-tour-step-3-${viewport.width}px.png`);
      await page.screenshot({ path: picture, animations: 'disabled' });
      await testInfo.attach(`tour step 3 (${viewport.width}px)`, { path: picture, contentType: 'image/png' });
    }
    expect(overlap(popoverBox, listBox), 'the popover covers the chapter list').toBe(0);
    // The popover is on screen, and so is the top of the list it describes.
    expect(popoverBox.y).toBeGreaterThanOrEqual(0);
    expect(popoverBox.y + popoverBox.height).toBeLessThanOrEqual(viewport.height);
    expect(listBox.y).toBeLessThan(viewport.height);
    if (viewport.width >= 1024) expect(popoverBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width);
    else expect(popoverBox.y + popoverBox.height).toBeLessThanOrEqual(listBox.y);

    await popover.getByRole('button', { name: 'Skip' }).click();
    await expect(popover).toHaveCount(0);
  },
);
