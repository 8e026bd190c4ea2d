/** The seeded catalogue as visitors read it: the course page outline, the products and their pictures. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { useBacking } from '@platform/service-kit/testing';
import {
  CoursePreviewSchema,
  GetProductResponseSchema,
  ProductListSchema,
  type CoursePreview,
} from '@platform/contracts';
import { sql } from 'drizzle-orm';
import { backings, startCourse, type CourseUnderTest } from '../../__tests__/harness.js';
import { firstSections } from '../../__tests__/sections.js';
import { BUNDLED_MEDIA_DIR } from '../../media/bundled-media.js';
import { courseLessons, courseModules, courses, products, seeds } from '../../db/schema.js';

const SECTIONS: [string, number][] = [
  ['Free Preview Videos', 15],
  ['Operations Management', 4],
  ['Section 3', 3],
  ['Customer Service Excellence', 3],
  ['Menu and Music', 2],
  ['Pricing and Portions', 7],
  ['Summary, ToGo Boxes and Names', 4],
  ['Common Mistakes and Setting Goals', 7],
];

/** The rows the seed leaves, as `countRows` counts them. */
const SEEDED_ROWS = { courseCount: 1, moduleCount: 8, lessonCount: 45, productCount: 9, seedCount: 6 };

async function countRows(course: CourseUnderTest) {
  const { db } = course.service.deps;
  const counts = await Promise.all(
    [courses, courseModules, courseLessons, products, seeds].map(async (table) => {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
      return row?.n;
    }),
  );
  const [courseCount, moduleCount, lessonCount, productCount, seedCount] = counts;
  return { courseCount, moduleCount, lessonCount, productCount, seedCount };
}

describe.each(backings())('catalogue on $name', (factory) => {
  let course: CourseUnderTest;
  let preview: CoursePreview;

  const suite = useBacking(factory, async (backing) => {
    course = await startCourse(backing);
    const response = await course.request('/api/course-preview');
    expect(response.status).toBe(200);
    preview = CoursePreviewSchema.parse(await response.json());
    return course;
  });

  it('seeds one published course of 8 sections and 45 lessons, named and sized as the spec says', async () => {
    expect(preview.course).toMatchObject({
      title: 'Restaurant Management Mastery',
      price: 69700,
      difficulty: 'beginner',
    });
    expect(preview.sectionCount).toBe(8);
    expect(preview.lessonCount).toBe(45);
    expect(preview.sections.map((section) => [section.title, section.lessonCount])).toEqual(SECTIONS);
    expect(preview.sections.map((section) => section.lessons.length)).toEqual(SECTIONS.map(([, n]) => n));
    expect(preview.sections.map((section) => section.orderIndex)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(preview.introVideoUrl).toBe('/api/demo-video/introduction.mp4');
    expect(await countRows(course)).toEqual(SEEDED_ROWS);
  });

  it('releases section N after N-1 days', async () => {
    const modules = await course.service.deps.db
      .select({ orderIndex: courseModules.orderIndex, days: courseModules.availableAfterDays })
      .from(courseModules)
      .orderBy(courseModules.orderIndex);
    expect(modules.map((module) => module.days)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('makes exactly the 15 lessons of section 1 free, and only section 1 "free to watch"', () => {
    const lessons = preview.sections.flatMap((section) => section.lessons);
    expect(lessons.filter((lesson) => lesson.isFree)).toHaveLength(15);
    expect(preview.sections[0]!.lessons.every((lesson) => lesson.isFree)).toBe(true);
    expect(preview.sections.map((section) => section.isFree)).toEqual(firstSections(1));
  });

  it('gives every lesson a text and 3-4 key takeaways, in order', () => {
    for (const section of preview.sections) {
      expect(section.description.length).toBeGreaterThan(20);
      expect(section.lessons.map((lesson) => lesson.orderIndex)).toEqual(
        section.lessons.map((_, index) => index + 1),
      );
      for (const lesson of section.lessons) {
        expect(lesson.title.length).toBeGreaterThan(5);
        expect(lesson.content.split(/(?<=[.!?])\s+/).length).toBeGreaterThanOrEqual(2);
        expect(lesson.keyPoints.length).toBeGreaterThanOrEqual(3);
        expect(lesson.keyPoints.length).toBeLessThanOrEqual(4);
      }
    }
  });

  it('opens free lessons and the first lesson of each section, and nothing else', () => {
    for (const [index, section] of preview.sections.entries()) {
      for (const lesson of section.lessons) {
        const shouldOpen = lesson.isFree || lesson.orderIndex === 1;
        expect(lesson.isOpen).toBe(shouldOpen);
        if (shouldOpen) expect(lesson.videoUrl).toMatch(/^\/api\/demo-video\/[\w.-]+\.(mp4|pdf)$/);
        else expect(lesson.videoUrl).toBeNull();
      }
      if (index === 0) {
        expect(new Set(section.lessons.map((lesson) => lesson.videoUrl))).toEqual(
          new Set(
            ['free-preview-1.mp4', 'free-preview-2.mp4', 'free-preview-3.mp4'].map(
              (f) => `/api/demo-video/${f}`,
            ),
          ),
        );
      }
    }
    expect(preview.sections.flatMap((section) => section.lessons).filter((l) => l.isOpen)).toHaveLength(22);
  });

  it('ends section 8 with the workbook as a document of 0 minutes', () => {
    const last = preview.sections[7]!.lessons.at(-1)!;
    expect(last).toMatchObject({ kind: 'document', duration: 0, isOpen: false, videoUrl: null });
    expect(last.title).toMatch(/workbook/i);
    const kinds = preview.sections.flatMap((section) => section.lessons.map((lesson) => lesson.kind));
    expect(kinds.filter((kind) => kind === 'document')).toHaveLength(1);
    expect(kinds.filter((kind) => kind === 'youtube')).toHaveLength(1);
  });

  it('never names a locked lesson’s file anywhere in the preview', async () => {
    const lessons = await course.service.deps.db
      .select({ id: courseLessons.id, videoUrl: courseLessons.videoUrl })
      .from(courseLessons);
    const open = new Set(
      preview.sections.flatMap((section) => section.lessons.filter((l) => l.isOpen).map((l) => l.id)),
    );
    const locked = lessons.filter((lesson) => !open.has(lesson.id));
    expect(locked).toHaveLength(45 - 22);
    const json = JSON.stringify(preview);
    for (const lesson of locked) {
      expect(lesson.videoUrl).toBeTruthy();
      const videoUrl = lesson.videoUrl!;
      // A file's name, or a YouTube link's video id.
      const name = videoUrl.startsWith('http')
        ? new URL(videoUrl).searchParams.get('v')!
        : videoUrl.split('/').pop()!.split('?')[0]!;
      expect(name.length).toBeGreaterThan(5);
      for (const secret of [videoUrl, name, encodeURIComponent(name)]) {
        expect({ secret, leaked: json.includes(secret) }).toEqual({ secret, leaked: false });
      }
    }
    expect(locked.map((lesson) => lesson.videoUrl)).toContain('restaurant-goals-workbook.pdf');
  });

  it('lists the four products in order, priced in cents, with what the consultation includes', async () => {
    const response = await course.request('/api/products');
    expect(response.status).toBe(200);
    const { products: list } = ProductListSchema.parse(await response.json());
    expect(list.map((product) => [product.id, product.price, product.category])).toEqual([
      ['restaurant-consultation', 69700, 'consulting'],
      ['menu-optimization', 0, 'consulting'],
      ['staff-training', 0, 'training'],
      ['restaurant-marketing', 0, 'marketing'],
    ]);
    const [consultation, ...included] = list;
    expect(consultation).toMatchObject({
      name: 'Restaurant Consultation',
      compareAtPrice: 99700,
      badge: 'Bestseller',
      includes: {
        courseId: preview.course.id,
        courseTitle: 'Restaurant Management Mastery',
        lessons: 45,
        sections: 8,
      },
    });
    expect(`${consultation!.includes!.lessons} lessons • ${consultation!.includes!.sections} sections`).toBe(
      '45 lessons • 8 sections',
    );
    for (const product of included) {
      expect(product).toMatchObject({ includes: null, compareAtPrice: null, badge: null });
      expect(product.description).toMatch(/Included with the consultation/);
    }
    for (const product of list) expect(product.image).toBe(`/api/products/images/${product.id}.svg`);
  });

  it('leaves inactive products out and counts lessons from the catalogue as it is now', async () => {
    const { db } = course.service.deps;
    await db.execute(sql`update course.products set is_active = false where id = 'staff-training'`);
    const [module] = await db
      .select({ id: courseModules.id })
      .from(courseModules)
      .where(sql`${courseModules.orderIndex} = 5`);
    const [extra] = await db
      .insert(courseLessons)
      .values({ moduleId: module!.id, title: 'Extra', content: 'Extra.', orderIndex: 99, videoUrl: 'x.mp4' })
      .returning({ id: courseLessons.id });
    try {
      const { products: list } = ProductListSchema.parse(
        await (await course.request('/api/products')).json(),
      );
      expect(list.map((product) => product.id)).not.toContain('staff-training');
      expect(list[0]!.includes).toMatchObject({ lessons: 46, sections: 8 });
    } finally {
      await db.execute(sql`update course.products set is_active = true where id = 'staff-training'`);
      await db.execute(sql`delete from course.course_lessons where id = ${extra!.id}`);
    }
  });

  it('keeps the programmes and membership plans off /services while they stay active', async () => {
    const { products: list } = ProductListSchema.parse(await (await course.request('/api/products')).json());
    expect(list.map((product) => product.id)).toEqual([
      'restaurant-consultation',
      'menu-optimization',
      'staff-training',
      'restaurant-marketing',
    ]);
    const unlisted = await course.service.deps.db
      .select({ id: products.id, isActive: products.isActive, listed: products.listed })
      .from(products)
      .where(sql`not ${products.listed}`)
      .orderBy(products.sortOrder);
    expect(unlisted).toEqual(
      [
        'self-implementation-program',
        'flexible-payments-program',
        'membership-monthly',
        'membership-quarterly',
        'membership-annual',
      ].map((id) => ({ id, isActive: true, listed: false })),
    );
  });

  it('shows one product by id, listed or not, priced in cents with the course it grants', async () => {
    const expected: [string, string, number, string][] = [
      ['self-implementation-program', 'Self-Implementation Program', 159700, 'program'],
      ['flexible-payments-program', 'Flexible Payments Program', 159700, 'program'],
      ['membership-monthly', 'Monthly Membership', 2999, 'membership'],
      ['membership-quarterly', 'Quarterly Membership', 7999, 'membership'],
      ['membership-annual', 'Annual Membership', 29999, 'membership'],
    ];
    for (const [id, name, price, category] of expected) {
      const response = await course.request(`/api/products/${id}`);
      expect(response.status).toBe(200);
      const product = GetProductResponseSchema.parse(await response.json());
      expect(product).toMatchObject({
        id,
        name,
        price,
        category,
        compareAtPrice: null,
        includes: {
          courseId: preview.course.id,
          courseTitle: 'Restaurant Management Mastery',
          lessons: 45,
          sections: 8,
        },
      });
    }
    // A listed product reads the same alone as in the list.
    const { products: list } = ProductListSchema.parse(await (await course.request('/api/products')).json());
    const consultation = GetProductResponseSchema.parse(
      await (await course.request('/api/products/restaurant-consultation')).json(),
    );
    expect(consultation).toEqual(list[0]);
  });

  it('answers 404 Product not found for an unknown, inactive or malformed product id', async () => {
    const { db } = course.service.deps;
    await db.execute(sql`update course.products set is_active = false where id = 'membership-annual'`);
    try {
      for (const id of [
        'no-such-product',
        'membership-annual',
        'Membership-Monthly',
        'membership_monthly',
        '..%2Fcourse-preview',
        '%E0%A4%A',
        'a'.repeat(81),
      ]) {
        const response = await course.request(`/api/products/${id}`);
        expect({ id, status: response.status }).toEqual({ id, status: 404 });
        expect(await response.json()).toEqual({ message: 'Product not found' });
      }
    } finally {
      await db.execute(sql`update course.products set is_active = true where id = 'membership-annual'`);
    }
  });

  it('serves each product picture, and the course thumbnail, as a cacheable sandboxed SVG', async () => {
    const { products: list } = ProductListSchema.parse(await (await course.request('/api/products')).json());
    for (const image of [...list.map((product) => product.image), preview.course.thumbnail!]) {
      const response = await course.request(image);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('cache-control')).toBe('public, max-age=604800');
      expect(response.headers.get('content-security-policy')).toContain('sandbox');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const file = path.join(BUNDLED_MEDIA_DIR, 'catalogue-images', image.split('/').pop()!);
      expect(await response.text()).toBe(await readFile(file, 'utf8'));
    }
  });

  it('answers 404 for a picture that is not one of ours', async () => {
    for (const name of [
      'unknown.svg',
      'introduction.mp4',
      '..%2F..%2Fpackage.json',
      'restaurant-consultation.SVG',
      '%E0%A4%A',
    ]) {
      const response = await course.request(`/api/products/images/${name}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('refuses callers that did not come through the gateway', async () => {
    const response = await fetch(`${course.service.url}/api/course-preview`);
    expect(response.status).toBe(401);
  });

  it('seeds nothing twice when the service restarts', async () => {
    await course.stop();
    course = await startCourse(suite.backing);
    expect(await countRows(course)).toEqual(SEEDED_ROWS);
    const again = CoursePreviewSchema.parse(await (await course.request('/api/course-preview')).json());
    expect(again).toEqual(preview);
  });
});
