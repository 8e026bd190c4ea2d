/**
 * `POST /api/upload-video`: one lesson video in one multipart request, on both backings. A real video (a
 * shipped sample lesson) is stored byte for byte and answered as the spec reads it (`file.originalName`,
 * `file.size`, `file.path`); disguised files, an empty file, a second file, a missing file and an oversized
 * video are refused with the right status and leave nothing in the store; only the admin may upload.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { LESSON_UPLOAD_MESSAGES, LessonUploadResultSchema, type Caller } from '@platform/contracts';
import { listStoredObjectKeys, useBacking } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { backings, startCourse, type CourseUnderTest } from '../../__tests__/harness.js';
import { lessonUploads } from '../../db/schema.js';
import { user } from '../../learning/__tests__/fixtures.js';
import { BUNDLED_MEDIA_DIR } from '../../media/bundled-media.js';

const MAX_BYTES = 1024 * 1024;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type Part = { field?: string; name: string; type: string; bytes: Buffer };

function form(...parts: Part[]): FormData {
  const body = new FormData();
  for (const part of parts) {
    body.append(
      part.field ?? 'video',
      new Blob([new Uint8Array(part.bytes)], { type: part.type }),
      part.name,
    );
  }
  return body;
}

describe.each(backings())('POST /api/upload-video on $name', (factory) => {
  let course: CourseUnderTest;
  let video: Buffer;
  let pdf: Buffer;
  const admin = user('admin');
  const member = user('user');

  const suite = useBacking(factory, async (backing) => {
    course = await startCourse(backing, { env: { COURSE_MAX_VIDEO_BYTES: String(MAX_BYTES) } });
    video = await readFile(path.join(BUNDLED_MEDIA_DIR, 'free-preview-2.mp4'));
    pdf = await readFile(path.join(BUNDLED_MEDIA_DIR, 'restaurant-goals-workbook.pdf'));
    return course;
  });

  const upload = (body: FormData | Buffer, caller: Caller = admin, headers: Record<string, string> = {}) =>
    course.requestAs(caller, '/api/upload-video', {
      method: 'POST',
      body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
      headers,
    });
  const storedMedia = () => listStoredObjectKeys(suite.backing.env, 'course-media/');

  it('stores a real video byte for byte and answers its original name, size and path', async () => {
    const before = await storedMedia();
    const response = await upload(form({ name: 'Kitchen walkthrough.mp4', type: 'video/mp4', bytes: video }));
    expect(response.status).toBe(200);
    const result = LessonUploadResultSchema.parse(await response.json());
    expect(result).toMatchObject({
      success: true,
      lessonId: null,
      file: { originalName: 'Kitchen walkthrough.mp4', size: video.length, contentType: 'video/mp4' },
    });
    expect(result.uploadId).toMatch(/^lv-[0-9a-f]{32}$/);
    expect(result.file.path).toMatch(/^lesson-[0-9a-f]{24}\.mp4$/);
    expect(result.file.url).toBe(`/api/video-stream/${result.file.path}`);
    expect(await storedMedia()).toEqual([...before, `course-media/${result.file.path}`].sort());

    // The admin plays it back through the lesson video stream (S3: a redirect to a presigned URL).
    const played = await course.requestAs(admin, result.file.url);
    expect(played.status).toBe(200);
    expect(sha256(Buffer.from(await played.arrayBuffer()))).toBe(sha256(video));

    // Recorded like a finished resumable upload, so the studio lists it and …/result answers the same.
    const [row] = await course.service.deps.db
      .select()
      .from(lessonUploads)
      .where(eq(lessonUploads.id, result.uploadId));
    expect(row).toMatchObject({
      uploadedBy: (admin as { userId: string }).userId,
      fileName: result.file.path,
    });
    const again = await course.requestAs(admin, `/api/uploads/${result.uploadId}/result`);
    expect(await again.json()).toEqual(result);
  });

  it('refuses disguised and empty files, extra files and no file, keeping nothing', async () => {
    const before = await storedMedia();
    const cases: Array<[string, FormData, number, string]> = [
      [
        'text renamed .mp4',
        form({
          name: 'walkthrough.mp4',
          type: 'video/mp4',
          bytes: Buffer.from('Just some notes, not a video.\n'),
        }),
        415,
        LESSON_UPLOAD_MESSAGES.notVideo,
      ],
      [
        'a PDF renamed .mp4',
        form({ name: 'walkthrough.mp4', type: 'video/mp4', bytes: pdf }),
        415,
        LESSON_UPLOAD_MESSAGES.notVideo,
      ],
      [
        'an HTML page renamed .webm',
        form({
          name: 'clip.webm',
          type: 'video/webm',
          bytes: Buffer.from('<!doctype html><script>1</script>'),
        }),
        415,
        LESSON_UPLOAD_MESSAGES.notVideo,
      ],
      [
        'an empty file',
        form({ name: 'empty.mp4', type: 'video/mp4', bytes: Buffer.alloc(0) }),
        400,
        LESSON_UPLOAD_MESSAGES.empty,
      ],
      [
        'two videos',
        form(
          { name: 'one.mp4', type: 'video/mp4', bytes: video },
          { name: 'two.mp4', type: 'video/mp4', bytes: video },
        ),
        400,
        LESSON_UPLOAD_MESSAGES.oneFile,
      ],
      [
        'no file',
        (() => {
          const body = new FormData();
          body.append('title', 'Walkthrough');
          return body;
        })(),
        400,
        LESSON_UPLOAD_MESSAGES.noFile,
      ],
      [
        'a video over the limit',
        form({ name: 'long.mp4', type: 'video/mp4', bytes: Buffer.concat([video, Buffer.alloc(MAX_BYTES)]) }),
        413,
        LESSON_UPLOAD_MESSAGES.tooLarge(MAX_BYTES),
      ],
    ];
    for (const [what, body, status, message] of cases) {
      const response = await upload(body);
      expect({ what, status: response.status }).toEqual({ what, status });
      expect({ what, body: await response.json() }).toEqual({ what, body: { message } });
    }

    const notMultipart = await upload(video, admin, { 'Content-Type': 'video/mp4' });
    expect(notMultipart.status).toBe(415);
    expect(await notMultipart.json()).toEqual({ message: LESSON_UPLOAD_MESSAGES.notMultipart });

    expect(await storedMedia()).toEqual(before);
    const rows = await course.service.deps.db.select().from(lessonUploads);
    expect(rows.filter((row) => row.originalName !== 'Kitchen walkthrough.mp4')).toEqual([]);
  });

  it('lets only the admin upload', async () => {
    const before = await storedMedia();
    const visitor = await course.request('/api/upload-video', {
      method: 'POST',
      body: form({ name: 'a.mp4', type: 'video/mp4', bytes: video }),
    });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ message: 'Unauthorized' });
    const asMember = await upload(form({ name: 'a.mp4', type: 'video/mp4', bytes: video }), member);
    expect(asMember.status).toBe(403);
    expect(await asMember.json()).toEqual({ message: 'Access denied' });
    expect(await storedMedia()).toEqual(before);
  });
});
