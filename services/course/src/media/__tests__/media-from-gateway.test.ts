/**
 * With MEDIA_URLS_FROM_GATEWAY on the local folder (the embedded mode; docs/decisions.md, 52): a member's
 * lesson video, document, HLS segment and poster answer a 302 to a signed same-origin `/api/media/…`
 * address, which verifies as the gateway verifies it and names the lesson's own bytes; playlists and
 * captions still come from the service; a visitor, a user without the course and a member of a locked
 * lesson are refused as before, with no address.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { useBacking } from '@platform/service-kit/testing';
import { MEMBERSHIP_REQUIRED_MESSAGE, SECTION_LOCKED_MESSAGE, type Caller } from '@platform/contracts';
import type { LocalObjectStore } from '@platform/service-kit/storage';
import { DAY, HOUR, SettableClock } from '@platform/service-kit/clock';
import { objectFilePath, verifyMediaUrl } from '@platform/service-kit/storage';
import { backings, SECRET, startCourse, type CourseUnderTest } from '../../__tests__/harness.js';
import { granted, seededOutline, user, visitor } from '../../learning/__tests__/fixtures.js';
import { BUNDLED_MEDIA_DIR } from '../bundled-media.js';
import { PRESIGN_SECONDS } from '../serve-lesson-media.js';
import { giveLessonStreams, POSTER, SEGMENT } from './streams.js';

const ENROLLED_AT = new Date('2030-07-01T09:30:00.000Z');
const SET = '6f1c7a52-3b7e-4d3c-9a55-0c6f2f0f8a11';

// Only the local folder signs these addresses; on S3 the same routes presign S3 URLs (video-stream.test.ts).
const localBackings = backings().filter((factory) => !factory.name.includes('S3'));

describe.each(localBackings)('lesson media through the gateway on $name', (factory) => {
  let course: CourseUnderTest;
  let store: LocalObjectStore;
  const clock = new SettableClock(new Date(ENROLLED_AT.getTime() + DAY));
  const member = user();
  const stranger = user();
  let openLessonId: number;
  let lockedLessonId: number;

  useBacking(factory, async (backing) => {
    course = await startCourse(backing, { clock, env: { MEDIA_URLS_FROM_GATEWAY: 'true' } });
    store = course.service.deps.store as LocalObjectStore;
    const outline = await seededOutline(course);
    openLessonId = outline.sections[0]!.lessons[1]!.id;
    lockedLessonId = outline.sections[2]!.lessons[1]!.id;
    await giveLessonStreams(course, openLessonId, SET);
    await giveLessonStreams(course, lockedLessonId, SET);
    await course.deliver(granted(member, [outline.courseId], ENROLLED_AT));
    return course;
  });

  /** What the gateway does with the redirect: verify the address, then read the file it names. */
  async function followThroughGateway(location: string) {
    const mark = location.indexOf('?');
    const check = verifyMediaUrl(
      location.slice(0, mark),
      new URLSearchParams(location.slice(mark + 1)),
      SECRET,
    );
    if (!check.ok) throw new Error(`the gateway would refuse ${location}: ${check.reason}`);
    return { ...check.media, bytes: await readFile(objectFilePath(store.rootDir, check.media.key)) };
  }

  async function redirected(caller: Caller, pathname: string) {
    const response = await course.requestAs(caller, pathname, { redirect: 'manual' });
    expect({ pathname, status: response.status }).toEqual({ pathname, status: 302 });
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const location = response.headers.get('location')!;
    expect(location).toMatch(/^\/api\/media\//);
    return followThroughGateway(location);
  }

  it('redirects a member’s lesson video to a signed address that names its bytes', async () => {
    const now = Math.floor(Date.now() / 1000);
    const media = await redirected(member, '/api/video-stream/member-lesson.mp4');
    expect(media).toMatchObject({
      key: 'course-media/member-lesson.mp4',
      contentType: 'video/mp4',
      contentDisposition: 'inline',
    });
    // Real time, as the gateway checks it (not the service's business clock).
    expect(media.expires - now).toBeGreaterThanOrEqual(PRESIGN_SECONDS - 1);
    expect(media.expires - now).toBeLessThanOrEqual(PRESIGN_SECONDS + 1);
    expect(media.bytes.equals(await readFile(path.join(BUNDLED_MEDIA_DIR, 'member-lesson.mp4')))).toBe(true);
  });

  it('redirects HLS segments and the poster, and keeps serving playlists and captions itself', async () => {
    const base = `/api/lessons/${openLessonId}/hls/${SET}`;
    const segment = await redirected(member, `${base}/360p/seg-00000.ts`);
    expect(segment.contentType).toBe('video/mp2t');
    expect(segment.bytes.equals(SEGMENT)).toBe(true);
    const poster = await redirected(member, `/api/lessons/${openLessonId}/poster`);
    expect(poster.contentType).toBe('image/jpeg');
    expect(poster.bytes.equals(POSTER)).toBe(true);

    // Playlists name their segments relatively: they must keep coming from the lesson's own path.
    for (const pathname of [`${base}/master.m3u8`, `${base}/360p/index.m3u8`]) {
      const playlist = await course.requestAs(member, pathname, { redirect: 'manual' });
      expect({ pathname, status: playlist.status }).toEqual({ pathname, status: 200 });
      await playlist.arrayBuffer();
    }
    const captions = await course.requestAs(member, '/api/video-stream/free-preview-1.vtt', {
      redirect: 'manual',
    });
    expect(captions.status).toBe(200);
    expect(captions.headers.get('content-type')).toMatch(/^text\/vtt/);
    await captions.arrayBuffer();
  });

  it('signs a document as the download it is', async () => {
    clock.set(new Date(ENROLLED_AT.getTime() + 7 * DAY));
    const media = await redirected(member, '/api/video-stream/restaurant-goals-workbook.pdf');
    expect(media.contentType).toBe('application/pdf');
    expect(media.contentDisposition).toBe('attachment; filename="restaurant-goals-workbook.pdf"');
    clock.set(new Date(ENROLLED_AT.getTime() + DAY));
  });

  it('refuses a visitor, a user without the course and a locked lesson with no address', async () => {
    const refusals: [Caller, string, number, string][] = [
      [visitor, '/api/video-stream/member-lesson.mp4', 401, 'Unauthorized'],
      [visitor, `/api/lessons/${openLessonId}/hls/${SET}/360p/seg-00000.ts`, 401, 'Unauthorized'],
      [stranger, '/api/video-stream/member-lesson.mp4', 403, MEMBERSHIP_REQUIRED_MESSAGE],
      [stranger, `/api/lessons/${lockedLessonId}/poster`, 403, MEMBERSHIP_REQUIRED_MESSAGE],
      [member, '/api/video-stream/restaurant-goals-workbook.pdf', 403, SECTION_LOCKED_MESSAGE],
      [member, `/api/lessons/${lockedLessonId}/hls/${SET}/360p/seg-00000.ts`, 403, SECTION_LOCKED_MESSAGE],
    ];
    clock.set(new Date(ENROLLED_AT.getTime() + HOUR));
    for (const [caller, pathname, status, message] of refusals) {
      const response = await course.requestAs(caller, pathname, { redirect: 'manual' });
      expect({ pathname, status: response.status, body: await response.json() }).toEqual({
        pathname,
        status,
        body: { message },
      });
      expect(response.headers.get('location')).toBeNull();
    }
  });
});
