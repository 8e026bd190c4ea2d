/** Seeding at start: once per database, however many replicas start, and the shipped media into the store. */
import { describe, expect, it } from '@jest/globals';
import { postgresUrlFromEnv, useBacking } from '@platform/service-kit/testing';
import { sql } from 'drizzle-orm';
import { backings, startCourse, withReplicas, type CourseUnderTest } from '../../../__tests__/harness.js';
import { listBundledMedia } from '../../../media/bundled-media.js';
import { probeVideo } from '../../../transcoding/probe-video.js';
import {
  BILLING_INTERVALS_SEED,
  CAPTIONS_SEED,
  MEASURED_LENGTHS_SEED,
  SAMPLE_POSTERS_SEED,
  seedCatalogue,
  UNLISTED_PRODUCTS_SEED,
} from '../seed-catalogue.js';

async function catalogueCounts(course: CourseUnderTest) {
  const result = await course.service.deps.db.execute(sql`
    select (select count(*) from course.courses)::int as courses,
           (select count(*) from course.course_modules)::int as modules,
           (select count(*) from course.course_lessons)::int as lessons,
           (select count(*) from course.products)::int as products,
           (select count(*) from course.seeds)::int as seeds`);
  return result.rows[0];
}

const SEEDED_ONCE = { courses: 1, modules: 8, lessons: 45, products: 9, seeds: 6 };
const UNLISTED = [
  'self-implementation-program',
  'flexible-payments-program',
  'membership-monthly',
  'membership-quarterly',
  'membership-annual',
];

describe.each(backings())('seeding on $name', (factory) => {
  let course: CourseUnderTest;

  const suite = useBacking(factory, async (backing) => (course = await startCourse(backing)));

  it('copies every shipped media file and picture into the store', async () => {
    const { courseMedia, catalogueImages } = await listBundledMedia();
    expect(courseMedia.map((file) => file.name)).toEqual([
      'free-preview-1.mp4',
      'free-preview-1.vtt',
      'free-preview-2.mp4',
      'free-preview-2.vtt',
      'free-preview-3.mp4',
      'free-preview-3.vtt',
      'introduction.mp4',
      'introduction.vtt',
      'member-lesson.mp4',
      'member-lesson.vtt',
      'restaurant-goals-workbook.pdf',
      'section-introduction.mp4',
      'section-introduction.vtt',
    ]);
    expect(catalogueImages).toHaveLength(5);
    for (const file of [...courseMedia, ...catalogueImages]) {
      const info = await course.service.deps.store!.stat(file.key);
      expect({ key: file.key, stored: info !== null }).toEqual({ key: file.key, stored: true });
    }
    const workbook = await course.service.deps.store!.stat('course-media/restaurant-goals-workbook.pdf');
    expect(workbook?.contentType).toBe('application/pdf');
  });

  it('does nothing when asked to seed a seeded database again, even twice at once', async () => {
    const { db, logger } = course.service.deps;
    expect(await Promise.all([seedCatalogue(db, logger), seedCatalogue(db, logger)])).toEqual([[], []]);
    expect(await catalogueCounts(course)).toEqual(SEEDED_ONCE);
  });

  it('adds the programmes and plans once to a database seeded before them, even twice at once', async () => {
    const { db, logger } = course.service.deps;
    // A database seeded by the release before: the course and the four services, no second step (the
    // plans it adds carry their billing intervals).
    await db.execute(sql`delete from course.products where not listed`);
    await db.execute(sql`delete from course.seeds where name = ${UNLISTED_PRODUCTS_SEED}`);
    expect(await catalogueCounts(course)).toMatchObject({ products: 4, seeds: 5 });

    const runs = await Promise.all([seedCatalogue(db, logger), seedCatalogue(db, logger)]);
    expect(runs.flat().sort()).toEqual([UNLISTED_PRODUCTS_SEED]);
    expect(await seedCatalogue(db, logger)).toEqual([]);
    expect(await catalogueCounts(course)).toEqual(SEEDED_ONCE);
    const result = await db.execute(sql`
      select p.id, p.price, p.listed, p.is_active, p.course_id = c.id as grants_course
        from course.products p cross join (select min(id) as id from course.courses) c
       where not p.listed order by p.sort_order`);
    expect(result.rows).toEqual([
      { id: UNLISTED[0], price: 159700, listed: false, is_active: true, grants_course: true },
      { id: UNLISTED[1], price: 159700, listed: false, is_active: true, grants_course: true },
      { id: UNLISTED[2], price: 2999, listed: false, is_active: true, grants_course: true },
      { id: UNLISTED[3], price: 7999, listed: false, is_active: true, grants_course: true },
      { id: UNLISTED[4], price: 29999, listed: false, is_active: true, grants_course: true },
    ]);
  });

  it('sets the plans’ billing intervals once on a database seeded before them, even twice at once', async () => {
    const { db, logger } = course.service.deps;
    // A database seeded by the release before: the plans exist without an interval, no third step.
    await db.execute(sql`update course.products set billing_interval = null, billing_interval_count = null`);
    await db.execute(sql`delete from course.seeds where name = ${BILLING_INTERVALS_SEED}`);

    const runs = await Promise.all([seedCatalogue(db, logger), seedCatalogue(db, logger)]);
    expect(runs.flat().sort()).toEqual([BILLING_INTERVALS_SEED]);
    expect(await seedCatalogue(db, logger)).toEqual([]);
    expect(await catalogueCounts(course)).toEqual(SEEDED_ONCE);
    const result = await db.execute(sql`
      select id, billing_interval, billing_interval_count from course.products
       where billing_interval is not null order by sort_order`);
    expect(result.rows).toEqual([
      { id: 'membership-monthly', billing_interval: 'month', billing_interval_count: 1 },
      { id: 'membership-quarterly', billing_interval: 'month', billing_interval_count: 3 },
      { id: 'membership-annual', billing_interval: 'year', billing_interval_count: 1 },
    ]);
  });

  it('refuses an interval without a count, or a count below 1', async () => {
    const { db } = course.service.deps;
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const failure = await db.execute(statement).then(
        () => null,
        (error: unknown) => error as Error & { cause?: unknown },
      );
      return String(failure?.cause ?? failure);
    };
    expect(
      await refusal(sql`update course.products set billing_interval = 'month' where id = 'staff-training'`),
    ).toMatch(/products_billing_interval_valid/);
    expect(
      await refusal(
        sql`update course.products set billing_interval_count = 0 where id = 'membership-monthly'`,
      ),
    ).toMatch(/products_billing_interval_valid/);
  });

  it('leaves a plan the admin changed as it is', async () => {
    const { db, logger } = course.service.deps;
    await db.execute(sql`update course.products set price = 3499 where id = 'membership-monthly'`);
    await db.execute(sql`delete from course.products where id = 'membership-annual'`);
    expect(await seedCatalogue(db, logger)).toEqual([]);
    const result = await db.execute(sql`
      select id, price from course.products where not listed order by sort_order`);
    expect(result.rows.map((row) => row.id)).toEqual(UNLISTED.slice(0, 4));
    expect(result.rows[2]).toEqual({ id: 'membership-monthly', price: 3499 });
  });

  it('gives each shipped video its captions once, leaving captions the admin set and other lessons alone', async () => {
    const { db, logger } = course.service.deps;
    const captions = async () =>
      (
        await db.execute(sql`
          select video_url, captions_file from course.course_lessons order by module_id, order_index`)
      ).rows as Array<{ video_url: string | null; captions_file: string | null }>;
    for (const row of await captions()) {
      expect(row.captions_file).toBe(
        row.video_url?.endsWith('.mp4') && !row.video_url.includes('://')
          ? row.video_url.replace(/\.mp4$/, '.vtt')
          : null,
      );
    }
    // A database seeded by the release before: no captions, no marker; one lesson the admin captioned.
    await db.execute(sql`update course.course_lessons set captions_file = null`);
    await db.execute(sql`
      update course.course_lessons set captions_file = 'admin-captions.vtt'
       where id = (select min(id) from course.course_lessons)`);
    await db.execute(sql`delete from course.seeds where name = ${CAPTIONS_SEED}`);
    const runs = await Promise.all([seedCatalogue(db, logger), seedCatalogue(db, logger)]);
    expect(runs.flat().sort()).toEqual([CAPTIONS_SEED]);
    const after = await captions();
    expect(after[0]!.captions_file).toBe('admin-captions.vtt');
    expect(after.filter((row) => row.captions_file?.endsWith('.vtt')).length).toBeGreaterThan(40);
    expect(await catalogueCounts(course)).toMatchObject({ lessons: 45, seeds: 6 });
  });

  it('gives each shipped video its poster and real length once, leaving a poster the admin set alone', async () => {
    const { db, logger } = course.service.deps;
    const { sampleVideos } = await listBundledMedia();
    expect(sampleVideos.map((video) => video.name)).toEqual([
      'free-preview-1.mp4',
      'free-preview-2.mp4',
      'free-preview-3.mp4',
      'introduction.mp4',
      'member-lesson.mp4',
      'section-introduction.mp4',
    ]);
    // The recorded lengths are what ffprobe reads of the shipped files; the posters are in the store.
    for (const video of sampleVideos) {
      const probed = await probeVideo(video.poster.path.replace(/\.jpg$/, '.mp4'));
      expect({ video: video.name, seconds: video.seconds }).toEqual({
        video: video.name,
        seconds: probed.durationSeconds,
      });
      expect((await course.service.deps.store!.stat(video.poster.key))?.contentType).toBe('image/jpeg');
    }
    const lessons = async () =>
      (
        await db.execute(sql`
          select id, video_url, poster_url, duration from course.course_lessons order by module_id, order_index`)
      ).rows as Array<{ id: number; video_url: string | null; poster_url: string | null; duration: number }>;
    const isSample = (url: string | null) => sampleVideos.some((video) => video.name === url);
    const seeded = await lessons();
    expect(seeded.filter((row) => isSample(row.video_url))).toHaveLength(43);
    for (const row of seeded) {
      if (isSample(row.video_url)) {
        expect(row).toMatchObject({ poster_url: `course-media/${row.video_url!.replace('.mp4', '.jpg')}` });
        expect(row.duration).toBeCloseTo(0.2, 10);
      } else {
        // The YouTube lesson and the workbook have no length the media gave: none is shown.
        expect(row.poster_url).toBeNull();
        expect(row.duration).toBe(0);
      }
    }

    // A database seeded by the release before: made-up lengths, no posters, no marker; one lesson the
    // admin gave a poster of its own.
    await db.execute(sql`update course.course_lessons set poster_url = null, duration = 9`);
    await db.execute(sql`
      update course.course_lessons set poster_url = 'course-media/admin-poster.jpg'
       where id = ${seeded[0]!.id}`);
    await db.execute(sql`delete from course.seeds where name = ${SAMPLE_POSTERS_SEED}`);
    await db.execute(sql`delete from course.seeds where name = ${MEASURED_LENGTHS_SEED}`);
    const runs = await Promise.all([seedCatalogue(db, logger), seedCatalogue(db, logger)]);
    expect(runs.flat().sort()).toEqual([SAMPLE_POSTERS_SEED, MEASURED_LENGTHS_SEED].sort());
    const after = await lessons();
    expect(after[0]).toMatchObject({ poster_url: 'course-media/admin-poster.jpg' });
    expect(after[0]!.duration).toBeCloseTo(0.2, 10);
    expect(after.filter((row) => row.poster_url?.startsWith('course-media/'))).toHaveLength(43);
    // The made-up 9 minutes are gone where no media measured them.
    expect(after.filter((row) => !isSample(row.video_url)).map((row) => row.duration)).toEqual([0, 0]);
    expect(await catalogueCounts(course)).toMatchObject({ lessons: 45, seeds: 6 });
  });

  it('does not seed again after the admin deleted the course', async () => {
    const { db, logger } = course.service.deps;
    await db.execute(sql`delete from course.courses`);
    expect(await seedCatalogue(db, logger)).toEqual([]);
    expect(await catalogueCounts(course)).toMatchObject({ courses: 0, modules: 0, lessons: 0, seeds: 6 });
  });

  it('puts off the programmes and plans while there is no course for them to grant', async () => {
    const { db, logger } = course.service.deps;
    await db.execute(sql`delete from course.products where not listed`);
    await db.execute(sql`delete from course.seeds where name = ${UNLISTED_PRODUCTS_SEED}`);
    expect(await seedCatalogue(db, logger)).toEqual([]);
    expect(await catalogueCounts(course)).toMatchObject({ courses: 0, products: 4, seeds: 5 });
  });

  it('restores missing media at the next start and leaves replaced files alone', async () => {
    const store = course.service.deps.store!;
    await store.delete('course-media/free-preview-3.mp4');
    const replaced = Buffer.from('an admin-uploaded introduction');
    await store.put('course-media/introduction.mp4', replaced, { contentType: 'video/mp4' });
    await course.stop();
    course = await startCourse(suite.backing);
    const restored = await course.service.deps.store!.stat('course-media/free-preview-3.mp4');
    expect(restored?.size).toBeGreaterThan(100_000);
    expect((await course.service.deps.store!.stat('course-media/introduction.mp4'))?.size).toBe(
      replaced.length,
    );
  });
});

const postgresUrl = postgresUrlFromEnv();

(postgresUrl ? describe : describe.skip)('replicas starting at once on a new PostgreSQL database', () => {
  it('seed the catalogue exactly once', async () => {
    await withReplicas(3, async (replicas) => {
      for (const replica of replicas) expect(await catalogueCounts(replica)).toEqual(SEEDED_ONCE);
      const seeded = replicas.flatMap((replica) =>
        replica.logs.filter((line) => line.msg === 'seeded the course catalogue'),
      );
      expect(seeded).toHaveLength(1);
      const answers = await Promise.all(
        replicas.map(async (replica) => (await replica.request('/api/products')).json()),
      );
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    });
  });
});
