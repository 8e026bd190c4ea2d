/**
 * A lesson video's media address expires 5 minutes after the course service handed it out
 * (docs/decisions.md, 52). A member who pauses longer and then plays on makes the browser ask that address
 * for the next range, and the gateway refuses it: the player loads the MP4 again from its service address
 * (a fresh media address) and continues at the same moment, with no error shown
 * (docs/behaviour/member-learning.md#lesson-player).
 *
 * The expiry is played out on the wire: every media answer carries at most 32 KiB, so the browser keeps
 * asking for the next range while it plays, and once the video is past half a second the next ask gets
 * the gateway's refusal of an expired address. When the fresh address is refused too (the connection is
 * gone, not the address), the member gets the error message. Nothing here is phone-specific: desktop only.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { becomeCourseMember, uniqueEmail } from '../helpers/accounts.js';
import { currentTime, type VideoElement } from '../helpers/video.js';

const CHUNK = 32 * 1024;

/** Where the element failed, how often it loaded after that, and every position it played at then. */
type Watch = { errors: number[]; reloads: number; after: number[] };
/** The part of the page the checks use (this project has no DOM types). */
type WatchedWindow = { __media?: Watch };

const EXPIRED = {
  status: 403,
  contentType: 'text/plain; charset=utf-8',
  body: 'This media address has expired; reload the page',
};

/**
 * Signs up a member, opens section 1 and plays its first lesson past half a second on answers of at most
 * 32 KiB; then `refuse(n)` gives every ask for the video the gateway's expired refusal until the element
 * has failed n times (the browser may ask a refused range again before it gives up on it).
 */
async function playOnShortAnswers(page: Page) {
  await becomeCourseMember(page, uniqueEmail('media-expiry', 'member'));
  let refuseUntilFailures = 0;
  const refused: string[] = [];
  const served: string[] = [];
  // The video's service address answers with a redirect to its media address; the browser's later ranges
  // go to that media address, and Playwright routes only the first request of a redirect chain. Here each
  // ask goes to the service address, the redirect is followed on the test's side, and the browser gets
  // the media address's answer directly.
  await page.route('**/api/video-stream/**', async (route) => {
    const request = route.request();
    if (request.resourceType() !== 'media') {
      await route.continue();
      return;
    }
    const failures = await page.evaluate(
      () => (globalThis as unknown as WatchedWindow).__media?.errors.length ?? 0,
    );
    if (failures < refuseUntilFailures) {
      refused.push(request.url());
      await route.fulfill(EXPIRED);
      return;
    }
    const start = Number(/^bytes=(\d+)-/.exec((await request.allHeaders()).range ?? '')?.[1] ?? 0);
    const response = await route.fetch({
      headers: { ...request.headers(), range: `bytes=${start}-${start + CHUNK - 1}` },
    });
    served.push(`${response.status()} ${response.headers()['content-range'] ?? ''}`);
    await route.fulfill({ response });
  });

  await page.goto('/module/1');
  const card = page.getByTestId('section-lesson').first();
  await expect(card).toBeVisible();
  const video = card.locator('video');
  await video.scrollIntoViewIfNeeded();
  await video.evaluate((node) => {
    const element = node as unknown as VideoElement;
    const watch: Watch = { errors: [], reloads: 0, after: [] };
    (globalThis as unknown as WatchedWindow).__media = watch;
    // Capturing, so it runs before the player's own handler loads the video again (back to 0 until then).
    element.addEventListener('error', () => watch.errors.push(element.currentTime), { capture: true });
    element.addEventListener('loadedmetadata', () => {
      if (watch.errors.length > 0) watch.reloads += 1;
    });
    // Every position it plays at after loading again (a load itself reports 0 while paused).
    element.addEventListener('timeupdate', () => {
      if (watch.reloads > 0 && !element.paused) watch.after.push(element.currentTime);
    });
    element.muted = true;
    void element.play();
  });
  await expect.poll(() => currentTime(video), { timeout: 30_000 }).toBeGreaterThan(0.5);
  // The answers so far were ranges of 32 KiB at most, from the gateway's signed media address.
  expect(served.length).toBeGreaterThan(0);
  expect(served.every((line) => /^206 bytes \d+-\d+\/\d+$/.test(line))).toBe(true);

  const watch = (): Promise<Watch> =>
    page.evaluate(
      () => (globalThis as unknown as WatchedWindow).__media ?? { errors: [], reloads: 0, after: [] },
    );
  return {
    card,
    refused,
    watch,
    refuse: (failures: number) => {
      refuseUntilFailures = failures;
    },
  };
}

// The video keeps asking for ranges until the page closes: a range still being fetched by the route when the
// test ends is of no interest, and must not fail a test whose checks all passed.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a lesson video whose media address expired loads again and continues at the same moment', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { card, refused, watch, refuse } = await playOnShortAnswers(page);
  refuse(1);

  // The next range is refused, the element fails once (when playback reaches what that range held, which
  // a busy machine takes longer to do), and the player loads the MP4 again.
  await expect.poll(() => refused.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await expect.poll(async () => (await watch()).errors.length, { timeout: 30_000 }).toBe(1);
  const failedAt = (await watch()).errors[0]!;
  expect(failedAt).toBeGreaterThan(0.5);

  // It loads again, plays on from that moment (never from the start), and the member sees no error.
  await expect.poll(async () => (await watch()).reloads, { timeout: 30_000 }).toBe(1);
  await expect
    .poll(async () => Math.max(0, ...(await watch()).after), { timeout: 30_000 })
    .toBeGreaterThan(failedAt + 1);
  expect(Math.min(...(await watch()).after)).toBeGreaterThanOrEqual(failedAt - 0.25);
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(card.getByText('The video could not be loaded')).toHaveCount(0);
});

test('a lesson video whose fresh address is refused too shows the error once, with no endless reloads; Try again continues', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { card, refused, watch, refuse } = await playOnShortAnswers(page);
  refuse(2);

  // The expired range, then the reload's first ask: the player gives up and says so.
  await expect(card.getByRole('alert')).toHaveText(
    'The video could not be loaded. Check your connection and try again.',
    { timeout: 30_000 },
  );
  const refusedThen = refused.length;
  expect(refusedThen).toBeGreaterThanOrEqual(2);
  const { errors } = await watch();
  expect(errors).toHaveLength(2);
  expect((await watch()).reloads).toBe(0);
  // The lesson's card with the message (the whole section page is 14,000 px tall).
  const path = testInfo.outputPath('lesson-video-could-not-load-1280px.png');
  await card.screenshot({ path, animations: 'disabled' });
  await testInfo.attach('lesson-video-could-not-load (1280px)', { path, contentType: 'image/png' });

  // The connection is back: 'Try again' loads the video once more and it plays on from where it failed.
  const failedAt = errors[0]!;
  await card.getByRole('button', { name: 'Try again' }).click();
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect
    .poll(async () => Math.max(0, ...(await watch()).after), { timeout: 30_000 })
    .toBeGreaterThan(failedAt + 1);
  expect(Math.min(...(await watch()).after)).toBeGreaterThanOrEqual(failedAt - 0.25);
  expect((await watch()).reloads).toBe(1);
  expect(refused).toHaveLength(refusedThen);
});
