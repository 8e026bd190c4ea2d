/**
 * Transcoding lesson videos in the background (docs/behaviour/course-studio.md#adaptive-streaming): the
 * running service's work queue turns a stored video into HLS renditions with a poster and its real
 * duration, gives them to the lesson, and ffprobe plays the result through the lesson's routes; a newer
 * video supersedes an older one's work; a broken source is retried and then failed with its error; a
 * shutdown puts the work back and the next start finishes it.
 *
 * Only the first test transcodes the shipped 12 s sample; the others use 2 s sources at 5 frames a second
 * (made once for the file), since what they check does not depend on the length. Every transcode runs
 * with the production arguments.
 */
import { randomUUID } from 'node:crypto';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StudioLessonSchema, type MemberLesson } from '@platform/contracts';
import { HOUR, MINUTE, SettableClock } from '@platform/service-kit/clock';
import type { Database } from '@platform/service-kit/db';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import { waitFor } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  backings,
  SECRET,
  startCourse,
  type Backing,
  type CourseUnderTest,
} from '../../__tests__/harness.js';
import { courseLessons, lessonTranscodes, type LessonTranscodeRow } from '../../db/schema.js';
import { json, seededOutline, user } from '../../learning/__tests__/fixtures.js';
import { BUNDLED_MEDIA_DIR, courseMediaKey } from '../../media/bundled-media.js';
import { hlsFileKey, hlsFolderKey } from '../hls-files.js';
import { transcodeLesson, TRANSCODE_MAX_ATTEMPTS } from '../lesson-transcode.queue.js';
import { queueLessonTranscode } from '../queue-transcode.js';
import { listTranscodeStates } from '../transcodes.repository.js';
import { makeTestVideo, probeHls, repeatVideo } from './test-videos.js';

const admin = user('admin');
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function queue(db: Database, lessonId: number, sourceFile: string, now: Date): Promise<string> {
  return db.transaction((tx) => queueLessonTranscode(tx, { lessonId, sourceFile, now }));
}

async function itemOf(db: Database, id: string): Promise<LessonTranscodeRow> {
  const [row] = await db.select().from(lessonTranscodes).where(eq(lessonTranscodes.id, id));
  if (!row) throw new Error(`no transcode ${id}`);
  return row;
}

async function lessonRow(db: Database, id: number) {
  const [row] = await db.select().from(courseLessons).where(eq(courseLessons.id, id));
  return row!;
}

/** Length of the short generated sources, in seconds. */
const SHORT_SECONDS = 2;
/** Short sources at 640x360 (one rendition) and 1280x720 (two), made once for every suite below. */
const short = { sd: '', hd: '' };
let sources: string;

beforeAll(async () => {
  sources = await mkdtemp(path.join(tmpdir(), 'transcode-sources-'));
  short.sd = path.join(sources, 'short-360p.mp4');
  short.hd = path.join(sources, 'short-720p.mp4');
  await Promise.all([
    makeTestVideo(short.sd, { width: 640, height: 360, seconds: SHORT_SECONDS, fps: 5 }),
    makeTestVideo(short.hd, { width: 1280, height: 720, seconds: SHORT_SECONDS, fps: 5 }),
  ]);
});

afterAll(async () => {
  if (sources) await rm(sources, { recursive: true, force: true });
});

describe.each(backings())('transcoding lesson videos on $name', (factory) => {
  let backing: Backing;
  let course: CourseUnderTest;
  let db: Database;
  let videos: string;
  const clock = new SettableClock(new Date('2031-03-02T10:00:00.000Z'));
  /** Seeded lessons showing the shipped member-lesson video, one per test. */
  const lessonIds: number[] = [];

  beforeAll(async () => {
    backing = await factory.create();
    course = await startCourse(backing, { clock });
    db = course.service.deps.db;
    videos = await mkdtemp(path.join(tmpdir(), 'transcode-test-'));
    const outline = await seededOutline(course);
    for (const section of outline.sections) {
      for (const lesson of section.lessons)
        if (lesson.videoUrl === 'member-lesson.mp4') lessonIds.push(lesson.id);
    }
  });

  afterAll(async () => {
    await course?.stop();
    await backing?.cleanup();
    if (videos) await rm(videos, { recursive: true, force: true });
  });

  const workDirOf = (itemId: string) => path.join(course.service.deps.config.DATA_DIR, 'transcoding', itemId);

  /** Stores `file` under a new name in the course media, and answers that name. */
  async function putVideo(prefix: string, file: string): Promise<string> {
    const name = `${prefix}-${randomUUID()}.mp4`;
    const { size } = await stat(file);
    await course.service.deps.store!.put(courseMediaKey(name), createReadStream(file), {
      contentType: 'video/mp4',
      size,
    });
    return name;
  }

  async function setVideo(lessonId: number, videoUrl: string) {
    await db.update(courseLessons).set({ videoUrl }).where(eq(courseLessons.id, lessonId));
  }

  const queueTwice = (lessonId: number, sourceFile: string) =>
    db.transaction(async (tx) => {
      const at = { lessonId, sourceFile, now: clock.now() };
      return [await queueLessonTranscode(tx, at), await queueLessonTranscode(tx, at)] as const;
    });

  const waitForStatus = (id: string, status: LessonTranscodeRow['status']) =>
    waitFor(
      () => itemOf(db, id),
      (row) => row.status === status,
      `transcode ${id} to be ${status}`,
      60_000,
    );

  it('turns the shipped sample into a playable HLS set with a poster and its real duration', async () => {
    const lessonId = lessonIds[0]!;
    const id = await queue(db, lessonId, 'member-lesson.mp4', clock.now());
    const done = await waitForStatus(id, 'done');
    expect(done).toMatchObject({ progress: 100, attempts: 1, lastError: null, lockedUntil: null });
    expect(await exists(workDirOf(id))).toBe(false);

    const lesson = await lessonRow(db, lessonId);
    expect(lesson.hlsUrl).toBe(hlsFileKey(lessonId, id, 'master.m3u8'));
    expect(lesson.posterUrl).toBe(hlsFileKey(lessonId, id, 'poster.jpg'));
    // The sample is 12 s long: 0.2 minutes, not the minutes it was seeded with.
    expect(lesson.duration).toBeCloseTo(0.2, 5);

    const view = (await (await course.requestAs(admin, `/api/lessons/${lessonId}`)).json()) as MemberLesson;
    expect(view.hlsUrl).toBe(`/api/lessons/${lessonId}/hls/${id}/master.m3u8`);
    expect(view.posterUrl).toBe(`/api/lessons/${lessonId}/poster?v=${id}`);
    expect(view.videoUrl).toBe('/api/video-stream/member-lesson.mp4');

    // ffprobe reads the master playlist, a rendition's playlist and its segments through the lesson's routes.
    const token = await signInternalToken(admin, SECRET);
    const probed = await probeHls(`${course.service.url}${view.hlsUrl}`, {
      headers: { [INTERNAL_TOKEN_HEADER]: token },
      workDir: videos,
    });
    expect(probed.durationSeconds).toBeGreaterThan(11.5);
    expect(probed.durationSeconds).toBeLessThan(12.5);
    const video = probed.streams.find((stream) => stream.codec_type === 'video');
    expect(video).toMatchObject({ codec_name: 'h264', width: 640, height: 360 });
    expect(probed.streams.find((stream) => stream.codec_type === 'audio')).toMatchObject({
      codec_name: 'aac',
    });

    // (On S3 the answer is a redirect, which fetch follows.)
    const poster = await course.requestAs(admin, view.posterUrl!);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    const posterBody = Buffer.from(await poster.arrayBuffer());
    expect(posterBody.subarray(0, 3).toString('hex')).toBe('ffd8ff');

    expect((await listTranscodeStates(db, [lessonId])).get(lessonId)).toEqual({
      status: 'done',
      progress: 100,
      error: null,
    });
  });

  it('makes 360p and 720p from a 720p video, and removes the set it replaces', async () => {
    const lessonId = lessonIds[1]!;
    const sd = await putVideo('sd', short.sd);
    await setVideo(lessonId, sd);
    const first = await queue(db, lessonId, sd, clock.now());
    await waitForStatus(first, 'done');
    const store = course.service.deps.store!;
    expect(await store.stat(hlsFileKey(lessonId, first, '360p/seg-00000.ts'))).not.toBeNull();

    const name = await putVideo('hd', short.hd);
    await setVideo(lessonId, name);
    const second = await queue(db, lessonId, name, clock.now());
    expect((await lessonRow(db, lessonId)).hlsUrl).toBeNull();
    await waitForStatus(second, 'done');

    const master = await course.requestAs(admin, `/api/lessons/${lessonId}/hls/${second}/master.m3u8`);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const text = await master.text();
    expect(text).toContain('RESOLUTION=640x360');
    expect(text).toContain('RESOLUTION=1280x720');
    expect(text.split('\n').filter((line) => line.endsWith('index.m3u8'))).toEqual([
      '360p/index.m3u8',
      '720p/index.m3u8',
    ]);
    const token = await signInternalToken(admin, SECRET);
    const hd = await probeHls(`${course.service.url}/api/lessons/${lessonId}/hls/${second}/720p/index.m3u8`, {
      headers: { [INTERNAL_TOKEN_HEADER]: token },
      workDir: videos,
    });
    expect(hd.streams.find((stream) => stream.codec_type === 'video')).toMatchObject({
      width: 1280,
      height: 720,
    });
    expect((await lessonRow(db, lessonId)).duration).toBeCloseTo(SHORT_SECONDS / 60, 5);

    // The older set's files are gone; the older set's address is no longer served.
    expect(await store.stat(hlsFileKey(lessonId, first, 'master.m3u8'))).toBeNull();
    expect(await store.stat(hlsFileKey(lessonId, first, '360p/seg-00000.ts'))).toBeNull();
    const old = await course.requestAs(admin, `/api/lessons/${lessonId}/hls/${first}/master.m3u8`);
    expect(old.status).toBe(404);
  });

  it('leaves a superseded item alone, and a transcode that lost its lesson meanwhile changes nothing', async () => {
    const lessonId = lessonIds[2]!;
    const name = await putVideo('short', short.sd);
    await setVideo(lessonId, name);
    // Both in one transaction, so no worker can take the older one before it is superseded.
    const [older, newer] = await queueTwice(lessonId, name);
    await waitForStatus(newer, 'done');
    expect(await itemOf(db, older)).toMatchObject({ status: 'superseded', attempts: 0, progress: 0 });
    expect((await lessonRow(db, lessonId)).hlsUrl).toBe(hlsFileKey(lessonId, newer, 'master.m3u8'));

    // A worker that was already transcoding when a newer video arrived: its result is dropped.
    const [stale, latest] = await queueTwice(lessonId, name);
    await waitForStatus(latest, 'done');
    const asClaimed = { ...(await itemOf(db, stale)), status: 'queued' as const, attempts: 1 };
    const outcome = await transcodeLesson(course.service.deps, asClaimed, {
      logger: course.service.deps.logger,
      signal: new AbortController().signal,
    });
    expect(outcome).toMatchObject({ status: 'superseded' });
    expect((await lessonRow(db, lessonId)).hlsUrl).toBe(hlsFileKey(lessonId, latest, 'master.m3u8'));
    expect(await course.service.deps.store!.stat(hlsFileKey(lessonId, stale, 'master.m3u8'))).toBeNull();
    expect(await exists(workDirOf(stale))).toBe(false);

    // A lesson whose video became a link is not transcoded at all.
    await setVideo(lessonId, 'https://www.youtube.com/watch?v=aqz-KE-bpKQ');
    const linked = await queue(db, lessonId, name, clock.now());
    expect(await waitForStatus(linked, 'superseded')).toMatchObject({ attempts: 1 });
    expect((await lessonRow(db, lessonId)).hlsUrl).toBeNull();
  });

  it('retries a source that is not a video, then fails it with the error', async () => {
    const lessonId = lessonIds[3]!;
    const name = `broken-${randomUUID()}.mp4`;
    await course.service.deps.store!.put(courseMediaKey(name), Buffer.from('this is not a video at all'), {
      contentType: 'video/mp4',
    });
    await setVideo(lessonId, name);
    const id = await queue(db, lessonId, name, clock.now());
    for (let attempt = 1; attempt < TRANSCODE_MAX_ATTEMPTS; attempt += 1) {
      const waiting = await waitFor(
        () => itemOf(db, id),
        (row) => row.attempts === attempt && row.lockedUntil === null && row.lastError !== null,
        `attempt ${attempt} to fail`,
      );
      expect(waiting.status).toBe('queued');
      expect(waiting.lastError).toMatch(/ffprobe/);
      expect(waiting.nextAttemptAt.getTime()).toBe(clock.now().getTime() + MINUTE * 2 ** (attempt - 1));
      clock.set(waiting.nextAttemptAt);
    }
    const failed = await waitForStatus(id, 'failed');
    expect(failed.attempts).toBe(TRANSCODE_MAX_ATTEMPTS);
    expect(failed.lastError).toMatch(/ffprobe/);
    expect(await exists(workDirOf(id))).toBe(false);
    expect((await lessonRow(db, lessonId)).hlsUrl).toBeNull();
    const state = (await listTranscodeStates(db, [lessonId])).get(lessonId);
    expect(state).toMatchObject({ status: 'failed', error: expect.stringMatching(/ffprobe/) });
  });

  it('removes within the hour the streams no lesson plays: a deleted lesson’s, a video made a link, a failed transcode’s', async () => {
    const store = course.service.deps.store!;
    const { sections } = await seededOutline(course);
    const keysOf = async (lessonId: number, setId: string) => {
      const keys: string[] = [];
      for await (const key of store.list()) if (key.startsWith(hlsFolderKey(lessonId, setId))) keys.push(key);
      return keys;
    };
    /** A new lesson given a freshly uploaded video through the studio, once its streams are ready. */
    const transcodedLesson = async (title: string) => {
      const created = await course.requestAs(admin, `/api/modules/${sections[2]!.id}/lessons`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title, videoUrl: await putVideo('kept', short.sd) }),
      });
      expect(created.status).toBe(201);
      const lesson = StudioLessonSchema.parse(await json(created));
      const [item] = await db.select().from(lessonTranscodes).where(eq(lessonTranscodes.lessonId, lesson.id));
      await waitForStatus(item!.id, 'done');
      expect(await keysOf(lesson.id, item!.id)).toContain(
        hlsFileKey(lesson.id, item!.id, '360p/seg-00000.ts'),
      );
      return { lesson, setId: item!.id };
    };
    const linked = await transcodedLesson('Made a link');
    const deleted = await transcodedLesson('Deleted');
    const playing = await transcodedLesson('Still playing');

    const saved = await course.requestAs(admin, `/api/lessons/${linked.lesson.id}/video`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Made a link', content: '', videoUrl: 'https://youtu.be/aqz-KE-bpKQ' }),
    });
    expect(saved.status).toBe(200);
    const removed = await course.requestAs(admin, `/api/lessons/${deleted.lesson.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    // What ended without becoming the lesson's streams (a failed or superseded transcode's files), and one
    // still waiting for its next attempt, whose files are kept.
    const leftovers = new Map<LessonTranscodeRow['status'], string>();
    for (const status of ['failed', 'superseded', 'queued'] as const) {
      const id = randomUUID();
      await db.insert(lessonTranscodes).values({
        id,
        lessonId: playing.lesson.id,
        sourceFile: 'gone.mp4',
        status,
        nextAttemptAt: new Date('2100-01-01T00:00:00.000Z'),
        createdAt: new Date(clock.now().getTime() - MINUTE),
      });
      await store.put(hlsFileKey(playing.lesson.id, id, '360p/seg-00000.ts'), Buffer.from('partial'));
      leftovers.set(status, id);
    }

    clock.set(new Date(clock.now().getTime() + HOUR + MINUTE));
    await course.service.jobs.runDue();

    expect(await keysOf(linked.lesson.id, linked.setId)).toEqual([]);
    expect(await keysOf(deleted.lesson.id, deleted.setId)).toEqual([]);
    expect(await keysOf(playing.lesson.id, leftovers.get('failed')!)).toEqual([]);
    expect(await keysOf(playing.lesson.id, leftovers.get('superseded')!)).toEqual([]);
    expect(await keysOf(playing.lesson.id, leftovers.get('queued')!)).toHaveLength(1);
    const stillPlaying = await keysOf(playing.lesson.id, playing.setId);
    expect(stillPlaying).toContain(hlsFileKey(playing.lesson.id, playing.setId, 'master.m3u8'));
    expect(stillPlaying).toContain(hlsFileKey(playing.lesson.id, playing.setId, '360p/seg-00000.ts'));
    const master = await course.requestAs(
      admin,
      `/api/lessons/${playing.lesson.id}/hls/${playing.setId}/master.m3u8`,
    );
    expect(master.status).toBe(200);
  });
});

describe.each(backings().slice(0, 1))('a transcode interrupted by a shutdown on $name', (factory) => {
  let backing: Backing;
  let course: CourseUnderTest | undefined;
  let videos: string;

  beforeAll(async () => {
    backing = await factory.create();
    videos = await mkdtemp(path.join(tmpdir(), 'transcode-stop-'));
  });

  afterAll(async () => {
    await course?.stop();
    await backing?.cleanup();
    if (videos) await rm(videos, { recursive: true, force: true });
  });

  it('is put back without counting the attempt, its folder removed, and finished at the next start', async () => {
    course = await startCourse(backing);
    const { deps } = course.service;
    const source = path.join(videos, 'long.mp4');
    // The shipped sample 20 times over (4 minutes, copied rather than encoded): however fast the machine,
    // ffmpeg is still at it when the service stops, and it only runs until then.
    await repeatVideo(path.join(BUNDLED_MEDIA_DIR, 'member-lesson.mp4'), source, 20);
    const name = `long-${randomUUID()}.mp4`;
    const putSource = async (file: string) => {
      const { size } = await stat(file);
      await deps.store!.put(courseMediaKey(name), createReadStream(file), { contentType: 'video/mp4', size });
    };
    await putSource(source);
    const outline = await seededOutline(course);
    const lessonId = outline.sections[1]!.lessons[1]!.id;
    await deps.db.update(courseLessons).set({ videoUrl: name }).where(eq(courseLessons.id, lessonId));
    const id = await queue(deps.db, lessonId, name, deps.clock.now());

    const running = await waitFor(
      () => itemOf(deps.db, id),
      (row) => row.progress > 0,
      'ffmpeg to report progress',
    );
    expect(running).toMatchObject({ status: 'queued', attempts: 1 });
    expect(running.progress).toBeLessThan(100);
    const workDir = path.join(deps.config.DATA_DIR, 'transcoding', id);

    const stopped = course;
    await stopped.stop();
    course = undefined;
    // It was stopped mid-way, not finished before the stop.
    expect(stopped.logs.map((line) => line.msg)).toContain(
      'transcoding stopped by shutdown; it starts again at the next start',
    );
    expect(await exists(workDir)).toBe(false);
    // While the service is down, the stored file under the same name becomes a short one: the next start
    // has to take the item up again, not spend 4 minutes of video on it (its duration shows which it read).
    await putSource(short.sd);
    course = await startCourse(backing);
    const after = course.service.deps.db;
    // The next start picks it up again from the beginning, as its first attempt.
    const done = await waitFor(
      () => itemOf(after, id),
      (row) => row.status === 'done',
      'the transcode to finish after the restart',
      120_000,
    );
    expect(done.attempts).toBe(1);
    expect(await exists(workDir)).toBe(false);
    const lesson = await lessonRow(after, lessonId);
    expect(lesson.hlsUrl).toBe(hlsFileKey(lessonId, id, 'master.m3u8'));
    expect(lesson.duration).toBeCloseTo(SHORT_SECONDS / 60, 5);
  }, 180_000);
});
