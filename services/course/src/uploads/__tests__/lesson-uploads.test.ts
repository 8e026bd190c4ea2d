/**
 * Resumable lesson-video uploads (tus, purpose `lesson-video`) at /api/uploads, with a real tus client, on
 * both backings: the stored video is byte for byte what was sent, an upload cut off at several offsets
 * resumes each time from the server's offset, only the admin may upload, bad metadata and oversized files
 * are refused up front, a file that is not a video is refused when complete, and unfinished uploads expire
 * 24 hours after their last activity by the service clock.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  LESSON_UPLOAD_MESSAGES,
  LessonUploadResultSchema,
  RESUMABLE_UPLOAD_MESSAGES,
  type Caller,
  type LessonUploadResult,
} from '@platform/contracts';
import { SettableClock } from '@platform/service-kit/clock';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import {
  listStoredObjectKeys,
  tusUpload as tusUploadWith,
  tusUploadRefused,
  useBacking,
  withInsertTrigger,
} from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { backings, SECRET, startCourse, type CourseUnderTest } from '../../__tests__/harness.js';
import {
  expectLastBytesKeepUploads,
  expectOnlyStaleUploadsRemoved,
  interruptUploadAt,
} from '../../__tests__/resumable-uploads.js';
import { lessonUploads } from '../../db/schema.js';
import { user } from '../../learning/__tests__/fixtures.js';
import { BUNDLED_MEDIA_DIR } from '../../media/bundled-media.js';
import { EXPIRE_LESSON_UPLOADS_JOB } from '../expire-lesson-uploads.job.js';

const HOUR = 60 * 60 * 1000;
const MAX_BYTES = 1024 * 1024;
const CHUNK = 64 * 1024;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
const metadataHeader = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');

describe.each(backings())('resumable lesson-video uploads on $name', (factory) => {
  let course: CourseUnderTest;
  let clock: SettableClock;
  let video: Buffer;
  const admin = user('admin');
  const member = user('user');

  const suite = useBacking(factory, async (backing) => {
    // Real time to start with: tus also compares creation dates with the wall clock when resuming.
    clock = new SettableClock(new Date());
    course = await startCourse(backing, {
      clock,
      env: { COURSE_MAX_VIDEO_BYTES: String(MAX_BYTES) },
    });
    video = await readFile(path.join(BUNDLED_MEDIA_DIR, 'member-lesson.mp4'));
    return course;
  });

  const uploadsDir = () => path.join(suite.backing.env.DATA_DIR!, 'uploads', 'lesson-videos');
  const headersFor = async (caller: Caller) => ({
    [INTERNAL_TOKEN_HEADER]: await signInternalToken(caller, SECRET),
  });
  const tusHeaders = { 'Tus-Resumable': '1.0.0' };

  /** POST /api/uploads as `caller`. */
  async function create(caller: Caller, headers: Record<string, string>) {
    return course.requestAs(caller, '/api/uploads', {
      method: 'POST',
      headers: { ...tusHeaders, ...headers },
    });
  }

  async function createFor(bytes: number, filename = 'walkthrough.mp4') {
    const response = await create(admin, {
      'Upload-Length': String(bytes),
      'Upload-Metadata': metadataHeader({ purpose: 'lesson-video', filename, filetype: 'video/mp4' }),
    });
    expect(response.status).toBe(201);
    return response.headers.get('location')!;
  }

  const head = (location: string, caller: Caller = admin) =>
    course.requestAs(caller, location, { method: 'HEAD', headers: tusHeaders });

  const LESSON_VIDEO = { purpose: 'lesson-video', filename: 'member lesson.mp4', filetype: 'video/mp4' };

  /** Uploads `bytes` as the admin with tus-js-client in chunks. */
  async function tusUpload(
    bytes: Buffer,
    options: {
      metadata?: Record<string, string>;
      uploadUrl?: string;
      onPatch?: (offset: string, url: string) => void;
    },
  ) {
    return tusUploadWith(bytes, {
      endpoint: `${course.service.url}/api/uploads`,
      ...(options.uploadUrl && { uploadUrl: `${course.service.url}${options.uploadUrl}` }),
      chunkSize: CHUNK,
      headers: await headersFor(admin),
      metadata: options.metadata ?? LESSON_VIDEO,
      onPatch: (offset, url) => options.onPatch?.(String(offset), url),
    });
  }

  async function storedBytes(result: LessonUploadResult): Promise<Buffer> {
    // The admin's video stream: the local store serves it, S3 answers a redirect to a presigned URL.
    const response = await course.requestAs(admin, result.file.url);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  it('stores a video uploaded in chunks byte for byte and answers where it is', async () => {
    const patches: string[] = [];
    const done = await tusUpload(video, {
      metadata: { ...LESSON_VIDEO, lessonId: '7' },
      onPatch: (offset) => patches.push(offset),
    });
    expect(patches.length).toBe(Math.ceil(video.length / CHUNK));
    expect(done.status).toBe(200);
    const result = LessonUploadResultSchema.parse(JSON.parse(done.body));
    expect(result).toMatchObject({
      success: true,
      lessonId: 7,
      file: { originalName: 'member lesson.mp4', size: video.length, contentType: 'video/mp4' },
    });
    expect(result.file.path).toMatch(/^lesson-[0-9a-f]{24}\.mp4$/);
    expect(result.file.url).toBe(`/api/video-stream/${result.file.path}`);
    expect(result.uploadId).toMatch(/^lv-[0-9a-f]{32}$/);
    expect(done.url).toMatch(new RegExp(`/api/uploads/${result.uploadId}$`));
    expect(sha256(await storedBytes(result))).toBe(sha256(video));

    // The same answer later, and the upload's own bytes are gone from the upload folder.
    const again = await course.requestAs(admin, `/api/uploads/${result.uploadId}/result`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(result);
    expect((await readdir(uploadsDir())).filter((name) => name.startsWith(result.uploadId))).toEqual([]);
    // Probed again, it is complete, so a client asks for the result rather than sending the file again.
    const probed = await head(`/api/uploads/${result.uploadId}`);
    expect(probed.status).toBe(200);
    expect(probed.headers.get('upload-offset')).toBe(String(video.length));
    expect(probed.headers.get('upload-length')).toBe(String(video.length));
    // Nobody else learns anything of it.
    expect((await head(`/api/uploads/${result.uploadId}`, member)).status).toBe(403);
  });

  it('tells a client whose final answer was lost that its upload is complete, so nothing is sent or stored twice', async () => {
    const done = await tusUpload(video, { metadata: { ...LESSON_VIDEO, lessonId: '7' } });
    const result = LessonUploadResultSchema.parse(JSON.parse(done.body));
    const stored = async () =>
      (await course.service.deps.db.select().from(lessonUploads)).filter((row) => row.lessonId === 7).length;
    const before = await stored();
    const logged = course.logs.length;

    // tus's client resuming the same upload (as after the lost answer): it probes, and is done.
    const patches: string[] = [];
    const resumed = await tusUpload(video, {
      uploadUrl: new URL(done.url).pathname,
      onPatch: (at) => patches.push(at),
    });
    expect(patches).toEqual([]);
    expect(resumed.url).toBe(done.url);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toBe('');
    const answer = await course.requestAs(admin, `/api/uploads/${result.uploadId}/result`);
    expect(await answer.json()).toEqual(result);
    expect(await stored()).toBe(before);
    expect(course.logs.slice(logged).filter((line) => line.msg === 'lesson video uploaded')).toEqual([]);
  });

  it('keeps no stored file when its record cannot be written, and stores it once when asked again', async () => {
    const { db } = course.service.deps;
    const stored = () => listStoredObjectKeys(suite.backing.env, 'course-media/');
    const before = await stored();
    // The database refuses the upload's record (as a brief outage would) once its file is stored.
    const failed = await withInsertTrigger(
      db,
      'course.lesson_uploads',
      "raise exception 'lesson uploads are refused for this test';",
      async () =>
        tusUploadRefused(video, {
          endpoint: `${course.service.url}/api/uploads`,
          chunkSize: CHUNK,
          headers: await headersFor(admin),
          metadata: LESSON_VIDEO,
        }),
    );
    expect(failed.status).toBeGreaterThanOrEqual(500);
    const url = new URL(failed.url!).pathname;
    const id = url.split('/').pop()!;
    expect(id).toMatch(/^lv-[0-9a-f]{32}$/);
    expect(await stored()).toEqual(before);
    expect(await db.select().from(lessonUploads).where(eq(lessonUploads.id, id))).toEqual([]);

    // The upload's bytes were kept: asked for its result, the server finishes it, storing the file once.
    const answer = await course.requestAs(admin, `${url}/result`);
    expect(answer.status).toBe(200);
    const result = LessonUploadResultSchema.parse(await answer.json());
    expect(result.uploadId).toBe(id);
    expect(await stored()).toEqual([...before, `course-media/${result.file.path}`].sort());
    const rows = await db.select().from(lessonUploads).where(eq(lessonUploads.id, id));
    expect(rows.map((row) => row.fileName)).toEqual([result.file.path]);
    expect(sha256(await storedBytes(result))).toBe(sha256(video));
  });

  it('resumes an upload cut off at several offsets, each time from the server’s Upload-Offset', async () => {
    const location = await createFor(video.length);
    const id = location.split('/').pop()!;
    const filePath = path.join(uploadsDir(), id);
    const headers = await headersFor(admin);

    // Three connections drop mid-PATCH, at different points of the file; each leaves what arrived.
    const upload = {
      url: `${course.service.url}${location}`,
      headers,
      bytes: video,
      heldBytes: async () => (await stat(filePath)).size,
      head: () => head(location),
    };
    const offset = await interruptUploadAt(upload, [40_000, 41_000, 150_000]);
    expect(course.logs.filter((line) => line.msg === 'resumable upload interrupted').length).toBeGreaterThan(
      0,
    );

    const patches: string[] = [];
    const done = await tusUpload(video, { uploadUrl: location, onPatch: (at) => patches.push(at) });
    expect(patches[0]).toBe(String(offset));
    const result = LessonUploadResultSchema.parse(JSON.parse(done.body));
    expect(result.uploadId).toBe(id);
    expect(result.file.size).toBe(video.length);
    expect(sha256(await storedBytes(result))).toBe(sha256(video));
  });

  it('lets only the admin create, probe, append to and cancel uploads', async () => {
    const headers = {
      'Upload-Length': String(video.length),
      'Upload-Metadata': metadataHeader({
        purpose: 'lesson-video',
        filename: 'a.mp4',
        filetype: 'video/mp4',
      }),
    };
    const visitor = await course.request('/api/uploads', {
      method: 'POST',
      headers: { ...tusHeaders, ...headers },
    });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ message: 'Unauthorized' });
    const asMember = await create(member, headers);
    expect(asMember.status).toBe(403);
    expect(await asMember.json()).toEqual({ message: 'Access denied' });

    const asAdmin = await create(admin, headers);
    expect(asAdmin.status).toBe(201);
    const location = asAdmin.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/lv-[0-9a-f]{32}$/);
    expect(asAdmin.headers.get('upload-expires')).toBe(
      new Date(clock.now().getTime() + 24 * HOUR).toUTCString(),
    );

    expect((await course.request(location, { method: 'HEAD', headers: tusHeaders })).status).toBe(401);
    expect((await head(location, member)).status).toBe(403);
    const patch = (caller: Caller) =>
      course.requestAs(caller, location, {
        method: 'PATCH',
        headers: { ...tusHeaders, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        body: video.subarray(0, CHUNK),
      });
    expect((await patch(member)).status).toBe(403);
    expect((await head(location)).headers.get('upload-offset')).toBe('0');
    const appended = await patch(admin);
    expect(appended.status).toBe(204);
    expect(appended.headers.get('upload-offset')).toBe(String(CHUNK));
    const resultSoFar = await course.requestAs(admin, `${location}/result`);
    expect(resultSoFar.status).toBe(404);
    expect(await resultSoFar.json()).toEqual({ message: LESSON_UPLOAD_MESSAGES.notFound });
    expect((await course.requestAs(member, `${location}/result`)).status).toBe(403);
    expect((await course.requestAs(member, location, { method: 'DELETE', headers: tusHeaders })).status).toBe(
      403,
    );
    expect((await course.requestAs(admin, location, { method: 'DELETE', headers: tusHeaders })).status).toBe(
      204,
    );
    expect((await head(location)).status).toBe(404);
  });

  it('refuses bad metadata, a missing length and an oversized file before anything is created', async () => {
    const before = await readdir(uploadsDir());
    const lesson = (values: Record<string, string>) => metadataHeader({ purpose: 'lesson-video', ...values });
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ 'Upload-Length': '100' }, 400, RESUMABLE_UPLOAD_MESSAGES.purpose],
      [
        {
          'Upload-Length': '100',
          'Upload-Metadata': metadataHeader({ purpose: 'avatars', filename: 'a.mp4' }),
        },
        400,
        RESUMABLE_UPLOAD_MESSAGES.purpose,
      ],
      [
        {
          'Upload-Length': '100',
          'Upload-Metadata': metadataHeader({ purpose: 'consultation', filename: 'a.mp4' }),
        },
        400,
        'Uploads for consultation are not taken here',
      ],
      [{ 'Upload-Length': '100', 'Upload-Metadata': lesson({}) }, 400, 'filename is required'],
      [
        { 'Upload-Length': '100', 'Upload-Metadata': lesson({ filename: 'a.mp4' }) },
        400,
        'filetype must be one of video/mp4, video/x-m4v, video/quicktime, video/webm',
      ],
      [
        {
          'Upload-Length': '100',
          'Upload-Metadata': lesson({ filename: 'a.pdf', filetype: 'application/pdf' }),
        },
        400,
        'filetype must be one of video/mp4, video/x-m4v, video/quicktime, video/webm',
      ],
      [
        {
          'Upload-Length': '100',
          'Upload-Metadata': lesson({ filename: '../a.mp4', filetype: 'video/mp4' }),
        },
        400,
        'filename must be a plain file name',
      ],
      [
        {
          'Upload-Length': '100',
          'Upload-Metadata': lesson({ filename: 'a.mp4', filetype: 'video/mp4', lessonId: 'abc' }),
        },
        400,
        'lessonId must be a lesson id',
      ],
      [
        { 'Upload-Length': '100', 'Upload-Metadata': 'filename not*base64' },
        400,
        'Upload-Metadata must be comma-separated "key base64value" pairs',
      ],
      [
        {
          'Upload-Defer-Length': '1',
          'Upload-Metadata': lesson({ filename: 'a.mp4', filetype: 'video/mp4' }),
        },
        400,
        LESSON_UPLOAD_MESSAGES.lengthRequired,
      ],
      [
        {
          'Upload-Length': String(MAX_BYTES + 1),
          'Upload-Metadata': lesson({ filename: 'a.mp4', filetype: 'video/mp4' }),
        },
        413,
        LESSON_UPLOAD_MESSAGES.tooLarge(MAX_BYTES),
      ],
    ];
    for (const [headers, status, message] of cases) {
      const response = await create(admin, headers);
      expect({ headers, status: response.status }).toEqual({ headers, status });
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    expect(await readdir(uploadsDir())).toEqual(before);

    // A PATCH carrying more than the declared length is refused too, keeping what fitted at most.
    const location = await createFor(10);
    const tooMuch = await course.requestAs(admin, location, {
      method: 'PATCH',
      headers: { ...tusHeaders, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: video.subarray(0, 100),
    });
    expect(tooMuch.status).toBe(413);
    expect(tooMuch.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await tooMuch.json()).toEqual({ message: expect.any(String) });
  });

  it('refuses a file that is not a video once complete, and keeps nothing of it', async () => {
    const pdf = await readFile(path.join(BUNDLED_MEDIA_DIR, 'restaurant-goals-workbook.pdf'));
    const refused = await tusUploadRefused(pdf, {
      endpoint: `${course.service.url}/api/uploads`,
      chunkSize: CHUNK,
      headers: await headersFor(admin),
      metadata: { ...LESSON_VIDEO, filename: 'workbook.mp4' },
    });
    expect(refused.status).toBe(415);
    expect(refused.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(refused.body)).toEqual({ message: LESSON_UPLOAD_MESSAGES.notVideo });
    expect(
      course.logs.some(
        (line) => line.msg === 'refused a finished upload' && line.reason === LESSON_UPLOAD_MESSAGES.notVideo,
      ),
    ).toBe(true);
    const url = new URL(refused.url!).pathname;
    const id = url.split('/').pop()!;
    expect(id).toMatch(/^lv-[0-9a-f]{32}$/);
    expect((await head(url)).status).toBe(404);
    expect((await readdir(uploadsDir())).filter((name) => name.startsWith(id))).toEqual([]);
    expect((await course.requestAs(admin, `${url}/result`)).status).toBe(404);
    const rows = await course.service.deps.db
      .select()
      .from(lessonUploads)
      .where(eq(lessonUploads.originalName, 'workbook.mp4'));
    expect(rows).toEqual([]);
  });

  it('removes unfinished uploads 24 hours after they were created, and only those', async () => {
    await expectOnlyStaleUploadsRemoved({
      clock,
      create: (name) => createFor(video.length, `${name}.mp4`),
      head: (location) => head(location),
      runExpiry: () => course.service.jobs.runNow(EXPIRE_LESSON_UPLOADS_JOB),
      uploadsDir,
    });
  });

  it('keeps an upload that received bytes 23 hours after its creation, and it finishes at hour 30', async () => {
    const done = await expectLastBytesKeepUploads({
      clock,
      bytes: video,
      firstBytes: CHUNK,
      create: (name) => createFor(video.length, `${name}.mp4`),
      head: (location) => head(location),
      patch: (location, offset, body) =>
        course.requestAs(admin, location, {
          method: 'PATCH',
          headers: {
            ...tusHeaders,
            'Upload-Offset': String(offset),
            'Content-Type': 'application/offset+octet-stream',
          },
          body,
        }),
      resume: (location) => tusUpload(video, { uploadUrl: location }),
      runExpiry: () => course.service.jobs.runNow(EXPIRE_LESSON_UPLOADS_JOB),
      uploadsDir,
    });
    expect(done.status).toBe(200);
    const result = LessonUploadResultSchema.parse(JSON.parse(done.body));
    expect(result.file).toMatchObject({ originalName: 'moving.mp4', size: video.length });
    expect(sha256(await storedBytes(result))).toBe(sha256(video));
  });
});
