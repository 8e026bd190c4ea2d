/**
 * A lesson's adaptive streams and poster follow the lesson's own rule (visitor 401, no course 403, locked
 * 403, open lessons for members, everything for the admin) for the master playlist, each rendition's
 * playlist, every segment and the poster; on S3 the segments and the poster are a 302 to a presigned
 * address and the playlists still come from the service. Only the lesson's current set is served.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  MEMBERSHIP_REQUIRED_MESSAGE,
  SECTION_LOCKED_MESSAGE,
  VIDEO_NOT_FOUND_MESSAGE,
  type Caller,
  type MemberLessonList,
} from '@platform/contracts';
import { HOUR } from '@platform/service-kit/clock';
import { backings } from '../../__tests__/harness.js';
import { granted, user, useSeededCourse, visitor, type User } from '../../learning/__tests__/fixtures.js';
import { PRESIGN_SECONDS } from '../serve-lesson-media.js';
import { giveLessonStreams, MASTER, POSTER, SEGMENT, VARIANT } from './streams.js';

const ENROLLED_AT = new Date('2030-09-01T08:00:00.000Z');

describe.each(backings())('lesson streams and posters on $name', (factory) => {
  const { course, outline, clock } = useSeededCourse(factory, { at: new Date(ENROLLED_AT.getTime() + HOUR) });
  let isS3: boolean;
  const member = user();
  const stranger = user();
  const admin = user('admin');
  const set = randomUUID();
  let openLesson: { id: number; moduleId: number };
  let lockedLesson: { id: number; moduleId: number };

  beforeAll(async () => {
    isS3 = course.service.deps.store?.kind === 's3';
    openLesson = outline.sections[0]!.lessons[1]!;
    lockedLesson = outline.sections[2]!.lessons[1]!;
    await giveLessonStreams(course, openLesson.id, set);
    await giveLessonStreams(course, lockedLesson.id, set);
    await course.deliver(granted(member, [outline.courseId], ENROLLED_AT));
  });

  const files = (lessonId: number) => ({
    master: `/api/lessons/${lessonId}/hls/${set}/master.m3u8`,
    variant: `/api/lessons/${lessonId}/hls/${set}/360p/index.m3u8`,
    segment: `/api/lessons/${lessonId}/hls/${set}/360p/seg-00000.ts`,
    poster: `/api/lessons/${lessonId}/poster?v=${set}`,
  });

  /** The answer's status and body, following an S3 redirect the way the player does (without our token). */
  async function get(caller: Caller, pathname: string) {
    const first = await course.requestAs(caller, pathname, { redirect: 'manual' });
    if (first.status !== 302) {
      return {
        first,
        status: first.status,
        type: first.headers.get('content-type'),
        body: Buffer.from(await first.arrayBuffer()),
      };
    }
    const response = await fetch(first.headers.get('location')!);
    return {
      first,
      status: response.status,
      type: response.headers.get('content-type'),
      body: Buffer.from(await response.arrayBuffer()),
    };
  }

  it('gives an open lesson’s streams and poster to its member, and every lesson’s to the admin', async () => {
    const expected = {
      master: { type: 'application/vnd.apple.mpegurl', body: Buffer.from(MASTER) },
      variant: { type: 'application/vnd.apple.mpegurl', body: Buffer.from(VARIANT) },
      segment: { type: 'video/mp2t', body: SEGMENT },
      poster: { type: 'image/jpeg', body: POSTER },
    };
    const cases: [User, number][] = [
      [member, openLesson.id],
      [admin, openLesson.id],
      [admin, lockedLesson.id],
    ];
    for (const [caller, lessonId] of cases) {
      for (const [what, pathname] of Object.entries(files(lessonId)) as [keyof typeof expected, string][]) {
        const answer = await get(caller, pathname);
        expect({ what, lessonId, status: answer.status }).toEqual({ what, lessonId, status: 200 });
        expect(answer.type).toBe(expected[what].type);
        expect(answer.body.equals(expected[what].body)).toBe(true);
        expect(answer.first.headers.get('cache-control')).toBe(
          answer.first.status === 302 ? 'private, no-store' : 'private, no-cache',
        );
        // Playlists always come from the service (relative addresses); the bytes of segments and posters
        // come straight from S3 through a short-lived address.
        const redirected = isS3 && (what === 'segment' || what === 'poster');
        expect({ what, status: answer.first.status }).toEqual({ what, status: redirected ? 302 : 200 });
        if (redirected) {
          const location = new URL(answer.first.headers.get('location')!);
          expect(location.searchParams.get('X-Amz-Expires')).toBe(String(PRESIGN_SECONDS));
        }
      }
    }
  });

  it('refuses a visitor (401), a signed-in user without the course (403) and a member while locked (403)', async () => {
    // A free lesson streams to a signed-in user without the course, as it plays to a visitor on `/`.
    const master = await course.requestAs(stranger, files(openLesson.id).master, { redirect: 'manual' });
    expect(master.status).toBe(200);
    const refusals: [Caller, number, number, string][] = [
      [visitor, openLesson.id, 401, 'Unauthorized'],
      [visitor, lockedLesson.id, 401, 'Unauthorized'],
      [stranger, lockedLesson.id, 403, MEMBERSHIP_REQUIRED_MESSAGE],
      [member, lockedLesson.id, 403, SECTION_LOCKED_MESSAGE],
    ];
    for (const [caller, lessonId, status, message] of refusals) {
      for (const [what, pathname] of Object.entries(files(lessonId))) {
        const answer = await course.requestAs(caller, pathname, { redirect: 'manual' });
        expect({ what, lessonId, status: answer.status, body: await answer.json() }).toEqual({
          what,
          lessonId,
          status,
          body: { message },
        });
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
      }
    }
  });

  it('opens the streams once the section is released', async () => {
    clock.set(new Date(ENROLLED_AT.getTime() + 3 * 24 * HOUR));
    for (const pathname of Object.values(files(lockedLesson.id))) {
      expect((await get(member, pathname)).status).toBe(200);
    }
    clock.set(new Date(ENROLLED_AT.getTime() + HOUR));
  });

  it('serves nothing but the lesson’s current set and the names a set has', async () => {
    const other = randomUUID();
    const base = `/api/lessons/${openLesson.id}/hls`;
    const missing = [
      `${base}/${other}/master.m3u8`,
      `${base}/${other}/360p/seg-00000.ts`,
      `${base}/${set}/index.m3u8`,
      `${base}/${set}/poster.jpg`,
      `${base}/${set}/360p/master.m3u8`,
      `${base}/${set}/360p/seg-1.ts`,
      `${base}/${set}/360p/seg-00009.ts`,
      `${base}/${set}/1080p/index.m3u8`,
      `${base}/${set}/..%2F..%2Fmember-lesson.mp4`,
      `${base}/not-a-set/master.m3u8`,
      `/api/lessons/0/hls/${set}/master.m3u8`,
      `/api/lessons/${openLesson.id + 100000}/hls/${set}/master.m3u8`,
      `/api/lessons/${openLesson.id + 100000}/poster`,
    ];
    for (const pathname of missing) {
      const answer = await course.requestAs(admin, pathname, { redirect: 'manual' });
      expect({ pathname, status: answer.status }).toEqual({ pathname, status: 404 });
      expect(await answer.json()).toEqual({ message: VIDEO_NOT_FOUND_MESSAGE });
    }
    // Another lesson's set is not this lesson's, even with the same id.
    const ofAnother = await course.requestAs(
      admin,
      `/api/lessons/${openLesson.id + 1}/hls/${set}/master.m3u8`,
    );
    expect(ofAnother.status).toBe(404);
    await ofAnother.arrayBuffer();
  });

  it('gives the addresses in the lesson view only while the lesson is open', async () => {
    const answer = await course.requestAs(member, `/api/modules/${openLesson.moduleId}/lessons`);
    const lessons = (await answer.json()) as MemberLessonList;
    const open = lessons.find((lesson) => lesson.id === openLesson.id)!;
    expect(open.hlsUrl).toBe(files(openLesson.id).master);
    expect(open.posterUrl).toBe(files(openLesson.id).poster);
    const locked = (await (
      await course.requestAs(member, `/api/modules/${lockedLesson.moduleId}/lessons`)
    ).json()) as MemberLessonList;
    expect(locked.find((lesson) => lesson.id === lockedLesson.id)).toMatchObject({
      isLocked: true,
      hlsUrl: null,
      posterUrl: null,
    });

    // A lesson still playing a shipped sample shows that sample's poster, and no streams until transcoded.
    const sample = lessons.find((lesson) => lesson.id !== openLesson.id && lesson.kind === 'video')!;
    expect(sample.hlsUrl).toBeNull();
    expect(sample.posterUrl).toMatch(
      new RegExp(`^/api/lessons/${sample.id}/poster\\?v=free-preview-[123]\\.jpg$`),
    );
    const poster = await get(member, sample.posterUrl!);
    expect(poster.status).toBe(200);
    expect(poster.type).toBe('image/jpeg');
    expect(poster.body.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  });
});
