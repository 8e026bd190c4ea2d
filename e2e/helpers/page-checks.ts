/**
 * Shared checks for browser specs: full-page screenshots kept with the report, axe scans, downloads, the
 * keyboard's way into a page, images and money fields.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Locator, Page, TestInfo } from '@playwright/test';

/**
 * Whether specs take the pictures they keep with the report: yes unless E2E_SCREENSHOTS=off. `.ci/run`
 * turns them off: CI keeps only what the run prints, and the 500-odd full-page pictures of a run (about
 * half a second of CPU each) are looked at by nobody there. What a test checks beside a picture (a page
 * no wider than a phone, an element on screen) is checked either way.
 */
export function picturesWanted(): boolean {
  return process.env.E2E_SCREENSHOTS !== 'off';
}

/**
 * Saves a full-page screenshot under the test's output folder and attaches it to the report (nothing when
 * pictures are off: see picturesWanted).
 */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!picturesWanted()) return;
  const width = page.viewportSize()?.width ?? 0;
  const path = testInfo.outputPath(`${name}-${width}px.png`);
  // Let fonts and the images already requested settle so the picture is what a visitor sees (not
  // `networkidle`, which waits out every video range request and poll for half a second more).
  await page.evaluate(`(async () => {
    await document.fonts.ready;
    const pending = [...document.images].filter((image) => !image.complete && image.loading !== 'lazy');
    await Promise.all(pending.map((image) => new Promise((resolve) => {
      image.addEventListener('load', resolve, { once: true });
      image.addEventListener('error', resolve, { once: true });
    })));
  })()`);
  // One pixel per CSS pixel: the phone's device scale (2.625) made a full-page picture 7 times the pixels
  // and took 2.2-2.8 s of CPU against 0.5-0.6 s (measured side by side on `/`); the layout shows the same.
  await page.screenshot({ path, fullPage: true, animations: 'disabled', scale: 'css' });
  await testInfo.attach(`${name} (${width}px)`, { path, contentType: 'image/png' });
}

/**
 * Waits for every animation and transition that ends (a toast fading in or out) to end. Axe measures
 * colour contrast at the opacity it finds, so a toast caught half-way in reads as too faint; endless ones
 * (a spinner, a skeleton's pulse) and paused ones, which would never end, are not waited for, nor those in
 * content Chromium skips (a `content-visibility: auto` section out of view, whose animations it may not
 * advance while it stays out of view: axe reads such a section as it is). The wait is bounded
 * (10 s): an animation that still has not ended is left to axe, which names what it finds. Runs as a
 * string: this project has no DOM types.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(`Promise.race([
    new Promise((resolve) => setTimeout(resolve, 10000)),
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          if (animation.playState !== 'running') return false;
          if (animation.effect?.getComputedTiming().iterations === Infinity) return false;
          const target = animation.effect?.target;
          return !target || target.checkVisibility({ contentVisibilityAuto: true });
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  ]).then(() => undefined)`);
}

/**
 * An axe run on the page as it is, in axe-core's own `axe.run` (AxeBuilder's legacy mode), with axe-core
 * sent to the page only when its document does not hold it yet.
 *
 * By default AxeBuilder sends axe-core's 650 KB source at every check, where Chromium parses it twice (as
 * the call's argument, then as the code it runs), and finishes each check in a new blank page that gets the
 * source twice more: 1.3-2.9 s a check on `/` and /admin, against 0.7-1.6 s for a check in legacy mode
 * that sends the source and 0.2-0.7 s for one that finds it there (same violations and passes; four spec
 * files, 29 tests: 180 s before, 142 s after).
 * Legacy mode runs the whole check in the page and its same-origin frames; what it leaves out is
 * cross-origin frames, which on this site can only be a YouTube or Vimeo lesson's player, whose markup is
 * not ours to fix. A page keeps axe-core until it loads another document, so a spec that checks several
 * views of one page sends it once.
 */
async function axeFor(page: Page): Promise<AxeBuilder> {
  const frames = page.frames();
  const holdsAxe = await Promise.all(
    frames.map((frame) =>
      frame.evaluate<boolean>('typeof window.axe?.run === "function"').catch(() => false),
    ),
  );
  // AxeBuilder sends `axeSource` into every frame; a statement that does nothing when all hold axe-core.
  const source = holdsAxe.every(Boolean) ? ';' : undefined;
  return new AxeBuilder({ page, axeSource: source }).setLegacyMode();
}

/** Runs axe (WCAG 2.x A and AA) on the page at rest and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  testInfo: TestInfo,
  name: string,
): Promise<void> {
  const check = async () => {
    await settleAnimations(page);
    const results = await (
      await axeFor(page)
    )
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    await testInfo.attach(`axe ${name}`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: 'application/json',
    });
    return results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
  };
  let serious = await check();
  // A toast whose time ran out during the check was measured while it faded away: once it is gone, the
  // page is checked again (a toast that is still there, or a fault anywhere else, fails at once).
  const inToast = (violation: (typeof serious)[number]) =>
    violation.nodes.every((node) => node.html.includes('data-slot="toast'));
  if (
    serious.length > 0 &&
    serious.every(inToast) &&
    (await page.locator('[data-slot="toast"]').count()) === 0
  )
    serious = await check();
  expect(
    serious.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    })),
    `serious or critical axe violations on ${name}`,
  ).toEqual([]);
}

/** Screenshots at the project's size, then at a 375 px phone (checking nothing is wider), then back. */
export async function screenshotBoth(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const original = page.viewportSize();
  await saveScreenshot(page, testInfo, name);
  await page.setViewportSize({ width: 375, height: 812 });
  // Charts and media-query hooks re-render after the resize (ResizeObserver, matchMedia listeners), a
  // frame or more later: the page has to settle within the expect timeout, not in the same tick.
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), {
      message: `${name} is wider than a 375 px phone`,
    })
    .toBeLessThanOrEqual(0);
  await saveScreenshot(page, testInfo, name);
  if (original) await page.setViewportSize(original);
}

/** Clicks what starts a download and answers the downloaded file's name and bytes. */
export async function downloadOf(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/**
 * The keyboard alone on a page just opened (nothing focused yet): Tab to the shell's skip link, Enter, and
 * Tab to the first control of the page's own content, which the caller then expects focused.
 */
export async function tabIntoMain(page: Page): Promise<void> {
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
}

/** Waits until the image is in view and decoded: a broken or never-loaded picture has no natural width. */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      image.evaluate((element) => {
        const img = element as unknown as { complete: boolean; naturalWidth: number };
        return img.complete ? img.naturalWidth : 0;
      }),
    )
    .toBeGreaterThan(0);
}

/** Tabs out of a money field typed with commas out of place: it is marked invalid and says where they go. */
export async function expectMisplacedCommasRefused(field: Locator): Promise<void> {
  await field.press('Tab');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(
    /^Put commas only between groups of three digits, such as 45,000.50 /,
  );
}
