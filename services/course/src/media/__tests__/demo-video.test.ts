/** The public demo path: only free promotional media, served as media players expect. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { useBacking } from '@platform/service-kit/testing';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import { and, eq } from 'drizzle-orm';
import { backings, SECRET, startCourse, type CourseUnderTest } from '../../__tests__/harness.js';
import { bumpCatalogueVersion } from '../../catalogue/catalogue-version.js';
import { courseLessons, courseModules } from '../../db/schema.js';
import { BUNDLED_MEDIA_DIR } from '../bundled-media.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());
const bundled = (file: string) => readFile(path.join(BUNDLED_MEDIA_DIR, file));

describe.each(backings())('GET /api/demo-video/:file on $name', (factory) => {
  let course: CourseUnderTest;
  let preview1: Buffer;

  useBacking(factory, async (backing) => {
    course = await startCourse(backing);
    preview1 = await bundled('free-preview-1.mp4');
    return course;
  });

  const demo = (file: string, headers: Record<string, string> = {}, method = 'GET') =>
    course.request(`/api/demo-video/${file}`, { method, headers });

  /** A request exactly as written: fetch would resolve `..` segments before sending. */
  async function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
    const token = await signInternalToken({ kind: 'anonymous' }, SECRET);
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${course.service.url}/`,
        { path: rawPath, headers: { [INTERNAL_TOKEN_HEADER]: token } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  const warnings = () =>
    course.logs.filter((line) => line.level === 40 && line.msg === 'refused a file on the public demo path');

  it('serves a free preview video byte for byte, inline, with media headers', async () => {
    const response = await demo('free-preview-1.mp4');
    expect(response.status).toBe(200);
    expect(sha256(await bytesOf(response))).toBe(sha256(preview1));
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-length')).toBe(String(preview1.length));
    expect(response.headers.get('content-disposition')).toBe('inline');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(new Date(response.headers.get('last-modified')!).getTime()).not.toBeNaN();
  });

  it('serves every address the course preview gives visitors', async () => {
    const preview = (await (await course.request('/api/course-preview')).json()) as {
      introVideoUrl: string;
      sections: { lessons: { videoUrl: string | null }[] }[];
    };
    const addresses = new Set(
      [
        preview.introVideoUrl,
        ...preview.sections.flatMap((section) => section.lessons.map((lesson) => lesson.videoUrl)),
      ].filter((address): address is string => address !== null),
    );
    expect([...addresses].sort()).toEqual(
      [
        'free-preview-1.mp4',
        'free-preview-2.mp4',
        'free-preview-3.mp4',
        'introduction.mp4',
        'section-introduction.mp4',
      ].map((file) => `/api/demo-video/${file}`),
    );
    for (const address of addresses) {
      const response = await course.request(address, { method: 'HEAD' });
      expect({ address, status: response.status }).toEqual({ address, status: 200 });
      const file = address.split('/').pop()!;
      expect(response.headers.get('content-length')).toBe(String((await bundled(file)).length));
    }
  });

  it('refuses the files of locked lessons with a 404 and a warning', async () => {
    const before = warnings().length;
    for (const file of ['member-lesson.mp4', 'restaurant-goals-workbook.pdf']) {
      const response = await demo(file);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Video not found' });
    }
    const refused = warnings().slice(before);
    expect(refused.map((line) => line.file)).toEqual(['member-lesson.mp4', 'restaurant-goals-workbook.pdf']);
  });

  it('refuses a promotional name that is not in the store, and types a browser would run', async () => {
    await course.service.deps.store!.put(
      'course-media/free-page.html',
      Buffer.from('<script>alert(1)</script>'),
      {
        contentType: 'text/html',
      },
    );
    for (const file of ['free-preview-9.mp4', 'free-page.html', 'demo']) {
      const response = await demo(file);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Video not found' });
    }
  });

  it('follows the catalogue: a file is public while its lesson is open, and not once it is locked', async () => {
    const { db, store } = course.service.deps;
    const bytes = Buffer.from('opening checklist video');
    await store!.put('course-media/opening-checklists.mp4', bytes, { contentType: 'video/mp4' });
    const [section2] = await db.select().from(courseModules).where(eq(courseModules.orderIndex, 2));
    const lessonOf = (orderIndex: number) =>
      and(eq(courseLessons.moduleId, section2!.id), eq(courseLessons.orderIndex, orderIndex));

    expect((await demo('opening-checklists.mp4')).status).toBe(404);
    await db.update(courseLessons).set({ videoUrl: 'opening-checklists.mp4' }).where(lessonOf(1));
    try {
      const open = await demo('opening-checklists.mp4');
      expect(open.status).toBe(200);
      expect(await bytesOf(open)).toEqual(bytes);
    } finally {
      await db.update(courseLessons).set({ videoUrl: 'section-introduction.mp4' }).where(lessonOf(1));
    }
    await db
      .update(courseLessons)
      .set({ videoUrl: 'attached_assets/opening-checklists.mp4' })
      .where(lessonOf(2));
    try {
      expect((await demo('opening-checklists.mp4')).status).toBe(404);
    } finally {
      await db.update(courseLessons).set({ videoUrl: 'member-lesson.mp4' }).where(lessonOf(2));
    }
  });

  it('sends a free document as a download with its name', async () => {
    const pdf = await bundled('restaurant-goals-workbook.pdf');
    await course.service.deps.store!.put('course-media/free-menu-checklist.pdf', pdf, {
      contentType: 'application/octet-stream',
    });
    const response = await demo('free-menu-checklist.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="free-menu-checklist.pdf"',
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await bytesOf(response)).toEqual(pdf);
  });

  it.each([
    '..%2F..%2Fpackage.json',
    '..%2Fcourse-media%2Fmember-lesson.mp4',
    '%2e%2e%2fmember-lesson.mp4',
    'free-preview-1.mp4%2F..%2F..%2Fmember-lesson.mp4',
    '..%5Cmember-lesson.mp4',
    'free-preview-1.mp4%00.pdf',
    '%2Fetc%2Fpasswd',
    '.free.mp4',
    '..',
    '../free-preview-1.mp4',
    '../../objects/course-media/member-lesson.mp4',
    'free-preview-1.mp4/extra',
    '%E0%A4%A',
  ])('refuses the path trick %s with a 404', async (trick) => {
    const before = warnings().length;
    const { status, body } = await rawGet(`/api/demo-video/${trick}`);
    expect(status).toBe(404);
    expect(JSON.parse(body)).toEqual({ message: expect.any(String) });
    if (!trick.startsWith('../')) expect(warnings().length).toBeGreaterThan(before);
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await demo('free-preview-1.mp4', {}, 'POST')).status).toBe(404);
    expect((await demo('free-preview-1.mp4', {}, 'DELETE')).status).toBe(404);
  });

  it('answers byte ranges: a span, an open end and a suffix', async () => {
    const size = preview1.length;
    for (const [range, start, end] of [
      ['bytes=0-1023', 0, 1023],
      ['bytes=1000-', 1000, size - 1],
      ['bytes=-2048', size - 2048, size - 1],
    ] as const) {
      const response = await demo('free-preview-1.mp4', { range });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect(sha256(await bytesOf(response))).toBe(sha256(preview1.subarray(start, end + 1)));
    }
  });

  it('answers a range past the end with 416 and the size', async () => {
    const response = await demo('free-preview-1.mp4', { range: `bytes=${preview1.length}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${preview1.length}`);
    expect(await response.json()).toEqual({ message: 'Range not satisfiable' });
  });

  it('answers 304 to the ETag it gave, and the whole file when If-Range is stale', async () => {
    const first = await demo('free-preview-2.mp4', { range: 'bytes=0-0' });
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();

    const cached = await demo('free-preview-2.mp4', { 'if-none-match': etag });
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe(etag);
    expect((await bytesOf(cached)).length).toBe(0);

    const resumed = await demo('free-preview-2.mp4', { range: 'bytes=100-199', 'if-range': etag });
    expect(resumed.status).toBe(206);
    await resumed.arrayBuffer();

    const stale = await demo('free-preview-2.mp4', { range: 'bytes=100-199', 'if-range': '"older"' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('content-range')).toBeNull();
    expect(sha256(await bytesOf(stale))).toBe(sha256(await bundled('free-preview-2.mp4')));
  });

  it("lists the open lessons' files for the gateway, revalidated against the catalogue version", async () => {
    const preview = (await (await course.request('/api/course-preview')).json()) as {
      sections: { lessons: { videoUrl: string | null }[] }[];
    };
    const lessonFiles = preview.sections
      .flatMap((section) => section.lessons.map((lesson) => lesson.videoUrl))
      .filter((address): address is string => address?.startsWith('/api/demo-video/') ?? false)
      .map((address) => decodeURIComponent(address.split('/').pop()!));
    const first = await course.request('/internal/demo-video-files');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const etag = first.headers.get('etag')!;
    expect(await first.json()).toEqual({ files: [...new Set(lessonFiles)].sort() });

    const again = await course.request('/internal/demo-video-files', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const { db } = course.service.deps;
    const [section2] = await db.select().from(courseModules).where(eq(courseModules.orderIndex, 2));
    const firstOfSection2 = and(eq(courseLessons.moduleId, section2!.id), eq(courseLessons.orderIndex, 1));
    await db.transaction(async (tx) => {
      await tx.update(courseLessons).set({ videoUrl: 'opening-checklists.mp4' }).where(firstOfSection2);
      await bumpCatalogueVersion(tx);
    });
    try {
      const changed = await course.request('/internal/demo-video-files', {
        headers: { 'if-none-match': etag },
      });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(((await changed.json()) as { files: string[] }).files).toContain('opening-checklists.mp4');
    } finally {
      await db.update(courseLessons).set({ videoUrl: 'section-introduction.mp4' }).where(firstOfSection2);
    }
  });

  it('answers HEAD with the headers only', async () => {
    const response = await demo('introduction.mp4', {}, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('content-length')).toBe(String((await bundled('introduction.mp4')).length));
    expect((await bytesOf(response)).length).toBe(0);
  });
});
