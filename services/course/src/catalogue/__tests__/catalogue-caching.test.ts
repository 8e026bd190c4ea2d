/**
 * Revisits of the public catalogue reads (docs/behaviour/public-site-and-catalogue.md#revisits): a strong
 * ETag and `public, no-cache`, `304` while nothing they show changed, and a new answer as soon as the
 * studio changes what they show, on every replica.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { CoursePreviewSchema, ProductListSchema, type Caller } from '@platform/contracts';
import { postgresUrlFromEnv, useBacking } from '@platform/service-kit/testing';
import { eq, sql } from 'drizzle-orm';
import { backings, startCourse, withReplicas, type CourseUnderTest } from '../../__tests__/harness.js';
import { courseLessons, lessonTranscodes } from '../../db/schema.js';
import { seededOutline } from '../../learning/__tests__/fixtures.js';
import { recordTranscodeResult } from '../../transcoding/transcodes.repository.js';
import { CATALOGUE_CACHE_CONTROL, strongEtagOf } from '../cacheable-answers.js';
import { bumpCatalogueVersion } from '../catalogue-version.js';

const READS = ['/api/course-preview', '/api/products', '/api/products/membership-monthly'];
const ADMIN: Caller = { kind: 'user', userId: 'u-admin', email: 'admin@example.com', role: 'admin' };
const MEMBER: Caller = { kind: 'user', userId: 'u-member', email: 'member@example.com', role: 'user' };

interface Read {
  status: number;
  etag: string | null;
  cacheControl: string | null;
  text: string;
}

async function read(course: CourseUnderTest, path: string, init: RequestInit = {}): Promise<Read> {
  const response = await course.request(path, init);
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    cacheControl: response.headers.get('cache-control'),
    text: await response.text(),
  };
}

const revalidate = (course: CourseUnderTest, path: string, etag: string | null) =>
  read(course, path, { headers: { 'If-None-Match': etag ?? '' } });

async function adminCall(course: CourseUnderTest, method: string, path: string, body?: unknown) {
  const response = await course.requestAs(ADMIN, path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect({ path, status: response.status }).toEqual({ path, status: method === 'POST' ? 201 : 200 });
  return (await response.json()) as { id: number };
}

describe.each(backings())('revisiting the catalogue on $name', (factory) => {
  let course: CourseUnderTest;
  let outline: Awaited<ReturnType<typeof seededOutline>>;

  useBacking(factory, async (backing) => {
    course = await startCourse(backing);
    outline = await seededOutline(course);
    return course;
  });

  it('answers each read with a strong ETag of its body, cacheable by anyone but revalidated at every view', async () => {
    for (const path of READS) {
      const first = await read(course, path);
      expect({ path, status: first.status, cacheControl: first.cacheControl }).toEqual({
        path,
        status: 200,
        cacheControl: CATALOGUE_CACHE_CONTROL,
      });
      expect(first.etag).toBe(strongEtagOf(first.text));
      // The same for a member and an admin: nothing in it is the caller's.
      for (const caller of [MEMBER, ADMIN]) {
        const response = await course.requestAs(caller, path);
        expect(response.headers.get('etag')).toBe(first.etag);
        expect(await response.text()).toBe(first.text);
      }
    }
  });

  it('answers 304 without a body to the ETag it gave, weak or in a list, and 200 to any other', async () => {
    for (const path of READS) {
      const { etag, text } = await read(course, path);
      for (const header of [etag!, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await read(course, path, { headers: { 'If-None-Match': header } });
        expect({ path, header, status: again.status, text: again.text }).toEqual({
          path,
          header,
          status: 304,
          text: '',
        });
        expect(again.etag).toBe(etag);
        expect(again.cacheControl).toBe(CATALOGUE_CACHE_CONTROL);
      }
      const other = await revalidate(course, path, '"not-this-one"');
      expect({ status: other.status, etag: other.etag, text: other.text }).toEqual({
        status: 200,
        etag,
        text,
      });
    }
  });

  it('leaves a not-found answer out of shared caches', async () => {
    const missing = await read(course, '/api/products/no-such-product');
    expect(missing.status).toBe(404);
    expect(missing.cacheControl).toBeNull();
  });

  it('answers a revalidation from the stored catalogue version alone, and follows the version at once', async () => {
    const path = '/api/products/membership-monthly';
    const before = await read(course, path);
    const { db } = course.service.deps;
    // A change written behind the studio's back moves no version: revalidations still answer 304 ...
    await db.execute(sql`update course.products set name = 'Renamed in SQL' where id = 'membership-monthly'`);
    try {
      expect((await revalidate(course, path, before.etag)).status).toBe(304);
      // ... until the version moves on, which every change the service makes does.
      await db.transaction((tx) => bumpCatalogueVersion(tx));
      const after = await revalidate(course, path, before.etag);
      expect(after.status).toBe(200);
      expect(JSON.parse(after.text)).toMatchObject({ name: 'Renamed in SQL' });
      expect(after.etag).not.toBe(before.etag);
    } finally {
      await db.execute(
        sql`update course.products set name = 'Monthly Membership' where id = 'membership-monthly'`,
      );
      await db.transaction((tx) => bumpCatalogueVersion(tx));
    }
    // Back as it was: the same body, so the same tag as before.
    expect((await revalidate(course, path, before.etag)).status).toBe(304);
  });

  it('gives the course page a new ETag and the new content after a studio edit, and keeps the others', async () => {
    const before = Object.fromEntries(
      await Promise.all(READS.map(async (path) => [path, await read(course, path)])),
    );
    const section = outline.sections[2]!;
    await adminCall(course, 'PUT', `/api/modules/${section.id}`, { title: 'Renamed in the studio' });
    try {
      const preview = await revalidate(course, '/api/course-preview', before['/api/course-preview'].etag);
      expect(preview.status).toBe(200);
      expect(preview.etag).not.toBe(before['/api/course-preview'].etag);
      expect(preview.etag).toBe(strongEtagOf(preview.text));
      const outlineNow = CoursePreviewSchema.parse(JSON.parse(preview.text));
      expect(outlineNow.sections.find((item) => item.id === section.id)?.title).toBe('Renamed in the studio');
      // The new tag is the one revalidated from now on.
      expect((await revalidate(course, '/api/course-preview', preview.etag)).status).toBe(304);
      // The products do not show section titles: their answers, and so their tags, are unchanged.
      for (const path of ['/api/products', '/api/products/membership-monthly']) {
        expect((await revalidate(course, path, before[path].etag)).status).toBe(304);
      }
    } finally {
      await adminCall(course, 'PUT', `/api/modules/${section.id}`, { title: section.title });
    }
    expect((await revalidate(course, '/api/course-preview', before['/api/course-preview'].etag)).status).toBe(
      304,
    );
  });

  it('changes the products’ ETags when the studio changes what they count', async () => {
    const before = await read(course, '/api/products');
    const section = outline.sections[3]!;
    const draft = await adminCall(course, 'POST', `/api/modules/${section.id}/lessons`, { title: 'A draft' });
    try {
      // A draft is shown nowhere public: every answer, and so every tag, is unchanged.
      for (const path of READS)
        expect((await revalidate(course, path, (await read(course, path)).etag)).status).toBe(304);
      expect((await revalidate(course, '/api/products', before.etag)).status).toBe(304);

      await adminCall(course, 'PUT', `/api/lessons/${draft.id}/video`, {
        title: 'A draft',
        content: '',
        videoUrl: '',
        duration: 0,
        isPublished: true,
      });
      const after = await revalidate(course, '/api/products', before.etag);
      expect(after.status).toBe(200);
      const { products } = ProductListSchema.parse(JSON.parse(after.text));
      const lessons = outline.sections.reduce((sum, item) => sum + item.lessons.length, 0);
      expect(products[0]!.includes).toMatchObject({ lessons: lessons + 1 });
    } finally {
      const response = await course.requestAs(ADMIN, `/api/lessons/${draft.id}`, { method: 'DELETE' });
      expect(response.status).toBe(204);
    }
    expect((await revalidate(course, '/api/products', before.etag)).status).toBe(304);
  });

  it('gives the course page a new ETag when a finished transcode sets a lesson’s real duration', async () => {
    const before = await read(course, '/api/course-preview');
    const lesson = outline.sections[0]!.lessons[0]!;
    const { db } = course.service.deps;
    const item = { id: randomUUID(), attempts: 0, lessonId: lesson.id, sourceFile: lesson.videoUrl! };
    await db.insert(lessonTranscodes).values({
      ...item,
      status: 'queued',
      nextAttemptAt: new Date(),
      createdAt: new Date(),
    });
    try {
      const recorded = await recordTranscodeResult(db, item, {
        hlsKey: `hls/${lesson.id}/${item.id}/master.m3u8`,
        posterKey: `hls/${lesson.id}/${item.id}/poster.jpg`,
        durationMinutes: lesson.duration + 1,
      });
      expect(recorded).toBe(true);
      const after = await revalidate(course, '/api/course-preview', before.etag);
      expect(after.status).toBe(200);
      const shown = CoursePreviewSchema.parse(JSON.parse(after.text)).sections[0]!.lessons[0]!;
      expect(shown).toMatchObject({ id: lesson.id, duration: lesson.duration + 1 });
    } finally {
      await db.delete(lessonTranscodes).where(eq(lessonTranscodes.id, item.id));
      await db
        .update(courseLessons)
        .set({ hlsUrl: lesson.hlsUrl, posterUrl: lesson.posterUrl, duration: lesson.duration })
        .where(eq(courseLessons.id, lesson.id));
      await db.transaction((tx) => bumpCatalogueVersion(tx));
    }
    expect((await revalidate(course, '/api/course-preview', before.etag)).status).toBe(304);
  });
});

const postgresUrl = postgresUrlFromEnv();

(postgresUrl ? describe : describe.skip)('two replicas on one PostgreSQL database', () => {
  it('never answer 304 to a tag the other one made stale', async () => {
    await withReplicas(2, async (replicas) => {
      const [first, second] = replicas as [CourseUnderTest, CourseUnderTest];
      const outline = await seededOutline(first);
      const before = await read(second, '/api/course-preview');
      expect((await revalidate(second, '/api/course-preview', before.etag)).status).toBe(304);
      expect((await read(first, '/api/course-preview')).etag).toBe(before.etag);

      const section = outline.sections[1]!;
      await adminCall(first, 'PUT', `/api/modules/${section.id}`, { title: 'Renamed on the first' });

      const after = await revalidate(second, '/api/course-preview', before.etag);
      expect(after.status).toBe(200);
      expect(after.text).toContain('Renamed on the first');
      expect((await revalidate(first, '/api/course-preview', after.etag)).status).toBe(304);
    });
  });
});
