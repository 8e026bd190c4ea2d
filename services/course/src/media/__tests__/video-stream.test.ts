/**
 * The members' video stream: a released lesson's file byte for byte with full range support from the
 * local store, or a 302 to a short-lived presigned URL with S3 (the bytes then come from the store,
 * ranges included); a file whose lessons are all locked is refused until its section opens, and a
 * refund closes it again.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { useBacking } from '@platform/service-kit/testing';
import { SECTION_LOCKED_MESSAGE, MEMBERSHIP_REQUIRED_MESSAGE } from '@platform/contracts';
import { DAY, SettableClock } from '@platform/service-kit/clock';
import { backings, startCourse, type CourseUnderTest } from '../../__tests__/harness.js';
import { granted, revoked, seededOutline, user, type User } from '../../learning/__tests__/fixtures.js';
import { BUNDLED_MEDIA_DIR } from '../bundled-media.js';
import { PRESIGN_SECONDS } from '../serve-lesson-media.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
const ENROLLED_AT = new Date('2030-07-01T09:30:00.000Z');

describe.each(backings())('the member video stream on $name', (factory) => {
  let course: CourseUnderTest;
  const clock = new SettableClock(new Date(ENROLLED_AT.getTime() + DAY));
  let member: User;
  let grant: ReturnType<typeof granted>;
  let lessonVideo: Buffer;
  let isS3: boolean;

  useBacking(factory, async (backing) => {
    course = await startCourse(backing, { clock });
    isS3 = course.service.deps.store?.kind === 's3';
    const outline = await seededOutline(course);
    member = user();
    grant = granted(member, [outline.courseId], ENROLLED_AT);
    await course.deliver(grant);
    lessonVideo = await readFile(path.join(BUNDLED_MEDIA_DIR, 'member-lesson.mp4'));
    return course;
  });

  /** Follows a presigned redirect the way a browser's video element does (without our token). */
  async function stream(file: string, headers: Record<string, string> = {}, prefix = '/api/video-stream/') {
    const first = await course.requestAs(member, `${prefix}${file}`, { headers, redirect: 'manual' });
    if (!isS3 || first.status !== 302) return { first, response: first };
    return { first, response: await fetch(first.headers.get('location')!, { headers }) };
  }

  it('streams a released lesson file whole, as a media player expects', async () => {
    const { first, response } = await stream('member-lesson.mp4');
    if (isS3) {
      expect(first.status).toBe(302);
      expect(first.headers.get('cache-control')).toBe('private, no-store');
      const location = new URL(first.headers.get('location')!);
      expect(location.searchParams.get('X-Amz-Expires')).toBe(String(PRESIGN_SECONDS));
      expect(location.href).not.toContain(course.service.url);
    } else {
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      expect(response.headers.get('content-disposition')).toBe('inline');
      expect(response.headers.get('etag')).toMatch(/^"[^"]+"$/);
    }
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(sha256(await bytesOf(response))).toBe(sha256(lessonVideo));
  });

  it('answers byte ranges: a span, an open end, a suffix, and 416 past the end', async () => {
    const size = lessonVideo.length;
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=1000-', 1000, size - 1],
    ];
    // s3rver (the S3 test server) misreads suffix ranges; S3 and MinIO serve them, and so do we.
    if (!isS3) cases.push(['bytes=-500', size - 500, size - 1]);
    for (const [range, start, end] of cases) {
      const { response } = await stream('member-lesson.mp4', { Range: range });
      expect({ range, status: response.status }).toEqual({ range, status: 206 });
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(sha256(await bytesOf(response))).toBe(sha256(lessonVideo.subarray(start, end + 1)));
    }
    const { response: past } = await stream('member-lesson.mp4', { Range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    await past.arrayBuffer();
  });

  it('revalidates with the ETag on the local store, and serves the second path the same way', async () => {
    const { response } = await stream('free-preview-1.mp4', {}, '/video-stream/');
    expect(response.status).toBe(200);
    const etag = response.headers.get('etag');
    await response.arrayBuffer();
    if (!isS3) {
      const again = await course.requestAs(member, '/video-stream/free-preview-1.mp4', {
        headers: { 'If-None-Match': etag! },
      });
      expect(again.status).toBe(304);
    }
  });

  it('refuses a file whose lessons are all locked until its section opens, then offers it as a download', async () => {
    const locked = await course.requestAs(member, '/api/video-stream/restaurant-goals-workbook.pdf', {
      redirect: 'manual',
    });
    expect(locked.status).toBe(403);
    expect(await locked.json()).toEqual({ message: SECTION_LOCKED_MESSAGE });

    clock.set(new Date(ENROLLED_AT.getTime() + 7 * DAY));
    const { first, response } = await stream('restaurant-goals-workbook.pdf');
    expect(response.status).toBe(200);
    const disposition = isS3
      ? new URL(first.headers.get('location')!).searchParams.get('response-content-disposition')
      : response.headers.get('content-disposition');
    expect(disposition).toBe('attachment; filename="restaurant-goals-workbook.pdf"');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    await response.arrayBuffer();
  });

  it('closes the stream when the purchase is refunded', async () => {
    await course.deliver(revoked(grant, clock.now()));
    const refused = await course.requestAs(member, '/api/video-stream/member-lesson.mp4', {
      redirect: 'manual',
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: MEMBERSHIP_REQUIRED_MESSAGE });
  });
});
