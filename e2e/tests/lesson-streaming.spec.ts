/**
 * Adaptive streaming of a lesson (docs/behaviour/member-learning.md#lesson-player): the admin gives a
 * lesson another shipped video, the site transcodes it in the background, and a member's lesson page
 * plays it as HLS (hls.js in Chromium, or the browser's own HLS where it has it) with its poster, saving
 * and resuming the position as before; when the streams fail the player carries on with the MP4.
 * Screenshots at 1280 and 390 px.
 *
 * Transcoding changes a lesson's length and media, which other specs read: this spec runs against a site
 * of its own, started here on its own data and port, sending its e-mails to the same peer.
 */
import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { ownSite } from '../helpers/own-site.js';
import { uniqueEmail } from '../helpers/accounts.js';
import { saveScreenshot } from '../helpers/page-checks.js';
import { closeContexts } from '../helpers/contexts.js';
import { playPast, type VideoElement } from '../helpers/video.js';

interface StudioLesson {
  id: number;
  title: string;
  content: string;
  videoUrl: string | null;
  duration: number;
}

interface MemberLesson {
  id: number;
  hlsUrl: string | null;
  posterUrl: string | null;
  videoUrl: string | null;
  positionSeconds: number;
}

const site = ownSite('lesson-streaming');
let lesson: StudioLesson;

test.describe.configure({ mode: 'serial' });

function videoOf(page: Page): Locator {
  return page.locator(`video[data-lesson-id="${lesson.id}"]`);
}

async function readLesson(page: Page): Promise<MemberLesson> {
  const response = await page.request.get(`/api/lessons/${lesson.id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as MemberLesson;
}

test('the admin gives a lesson a new video and the site transcodes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await site.adminPage(browser, 1280);
  const outline = (await (await page.request.get('/api/courses/1/modules')).json()) as {
    lessons: StudioLesson[];
  }[];
  // A free lesson of section 1 (open to a member on the first day) that plays the first sample.
  lesson = outline[0]!.lessons.find((item) => item.videoUrl === 'free-preview-1.mp4')!;
  const saved = await page.request.put(`/api/lessons/${lesson.id}/video`, {
    data: {
      title: lesson.title,
      videoUrl: 'free-preview-2.mp4',
      content: lesson.content,
      duration: Math.round(lesson.duration),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // Members get the new MP4 at once, and the streams once the background transcode is done.
  await expect
    .poll(async () => (await readLesson(page)).hlsUrl, { timeout: 90_000 })
    .toMatch(new RegExp(`^/api/lessons/${lesson.id}/hls/[0-9a-f-]{36}/master\\.m3u8$`));
  const transcoded = await readLesson(page);
  expect(transcoded.videoUrl).toBe('/api/video-stream/free-preview-2.mp4');
  expect(transcoded.posterUrl).toMatch(new RegExp(`^/api/lessons/${lesson.id}/poster\\?v=`));
  await closeContexts(page.context());
});

/** Makes the page's browser say it has no HLS of its own, as Chrome before 2025 and Firefox say. */
async function withoutNativeHls(context: BrowserContext): Promise<void> {
  await context.addInitScript({
    content: `(() => {
      const original = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function canPlayType(type) {
        return /mpegurl/i.test(type) ? '' : original.call(this, type);
      };
    })();`,
  });
}

/** Every .m3u8 and .ts path the page asks for, and every script. */
function recordRequests(page: Page) {
  const streamed: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\.(m3u8|ts|mp4)$/.test(pathname)) streamed.push(pathname);
    if (request.resourceType() === 'script') scripts.push(pathname);
  });
  return { streamed, scripts };
}

/** The signed-in member of the tests below (one purchase for all of them). */
let memberCookies: Awaited<ReturnType<BrowserContext['cookies']>>;

async function memberContext(browser: Browser, width: number): Promise<BrowserContext> {
  const context = await site.context(browser, width);
  await context.addCookies(memberCookies);
  return context;
}

test('a member plays the lesson as adaptive streams with its poster, and the position is saved', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const page = await site.memberPage(browser, 1280, uniqueEmail('streaming', 'member'));
  memberCookies = await page.context().cookies();
  const { streamed } = recordRequests(page);

  await page.goto(`/lessons/${lesson.id}`);
  const video = videoOf(page);
  await expect(video).toBeVisible();
  const view = await readLesson(page);
  await expect(video).toHaveAttribute('poster', view.posterUrl!);
  // Chromium plays HLS itself since 2025; older browsers get hls.js (the next test).
  await expect(video).toHaveAttribute('data-playback', /^hls-(js|native)$/);
  await saveScreenshot(page, testInfo, 'lesson-streaming-poster');

  await playPast(video, 3);
  const master = view.hlsUrl!;
  const folder = master.slice(0, master.lastIndexOf('/') + 1);
  expect(streamed).toContain(master);
  expect(streamed).toContain(`${folder}360p/index.m3u8`);
  expect(streamed.some((pathname) => pathname.startsWith(`${folder}360p/seg-`))).toBe(true);
  // The MP4 is not fetched while the streams play.
  expect(streamed.filter((pathname) => pathname.endsWith('.mp4'))).toEqual([]);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Pausing saves the position, as with the MP4.
  await video.evaluate((node) => (node as unknown as VideoElement).pause());
  await expect
    .poll(async () => (await readLesson(page)).positionSeconds, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(3);
  await closeContexts(page.context());
});

test('without HLS of its own the browser gets hls.js, fetched only now, and resumes where the member stopped', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const context = await memberContext(browser, 390);
  await withoutNativeHls(context);
  const page = await context.newPage();
  const { streamed, scripts } = recordRequests(page);

  await page.goto(`/lessons/${lesson.id}`);
  const video = videoOf(page);
  await expect(video).toHaveAttribute('data-playback', 'hls-js');
  const view = await readLesson(page);
  await expect(video).toHaveAttribute('poster', view.posterUrl!);
  // hls.js comes as a chunk of its own; before play it fetches the playlists but no segment.
  expect(scripts.some((pathname) => /\/hls\.[0-9a-f]+\.js$/.test(pathname))).toBe(true);
  await expect.poll(() => streamed.includes(view.hlsUrl!)).toBe(true);
  expect(streamed.filter((pathname) => /\.(ts|mp4)$/.test(pathname))).toEqual([]);
  await saveScreenshot(page, testInfo, 'lesson-streaming-hlsjs');

  await playPast(video, 3.5);
  expect(streamed.some((pathname) => /\/360p\/seg-[0-9]+\.ts$/.test(pathname))).toBe(true);
  // Each segment was checked under the lesson, then sent by the gateway at a signed address on the site
  // itself, which hls.js followed (docs/decisions.md, 52).
  expect(streamed.some((pathname) => /^\/api\/media\/.*\/360p\/seg-[0-9]+\.ts$/.test(pathname))).toBe(true);
  expect(await video.evaluate((node) => (node as unknown as VideoElement).currentSrc)).toMatch(/^blob:/);
  // Started at the position saved on the other device.
  await expect(page.getByTestId('resume-note')).toContainText('Continue where you left off: resumed at 0:0');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await closeContexts(context);
});

test('when the streams fail the player carries on with the original MP4', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const native of [true, false]) {
    const context = await memberContext(browser, 1280);
    if (!native) await withoutNativeHls(context);
    const page = await context.newPage();
    await page.route('**/*.m3u8', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    const { streamed } = recordRequests(page);

    await page.goto(`/lessons/${lesson.id}`);
    const video = videoOf(page);
    await expect(video).toHaveAttribute('data-playback', 'mp4', { timeout: 30_000 });
    await expect(video).toHaveAttribute('src', '/api/video-stream/free-preview-2.mp4');
    await playPast(video, 1);
    expect(streamed).toContain('/api/video-stream/free-preview-2.mp4');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await closeContexts(context);
  }
});
