/**
 * Seeds the catalogue at start, in steps, each once per database and in one transaction. A step's marker
 * row (`course.seeds`) is inserted first, under a transaction-scoped advisory lock: a second replica
 * starting at the same time waits for the first to commit, then finds the marker and does nothing. A
 * course or product the admin later edits or deletes is therefore never seeded again. A step added in a
 * later release runs once on databases seeded before it, since its marker is new there.
 */
import { and, asc, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@platform/service-kit/db';
import type { Logger } from '@platform/service-kit/logger';
import { courseLessons, courseModules, courses, products, seeds } from '../../db/schema.js';
import { listBundledMedia } from '../../media/bundled-media.js';
import {
  MEMBERSHIP_BILLING_INTERVALS,
  SEED_COURSE,
  SEED_PRODUCTS,
  SEED_SECTIONS,
  SEED_UNLISTED_PRODUCTS,
} from './catalogue-seed-data.js';

export const CATALOGUE_SEED = 'catalogue-v1';
/** The pricing programmes and membership plans, sold at their own prices (unlisted on /services). */
export const UNLISTED_PRODUCTS_SEED = 'unlisted-products-v1';
/** The membership plans' billing periods, for databases whose plans were seeded before they existed. */
export const BILLING_INTERVALS_SEED = 'billing-intervals-v1';

/** The shipped captions, for lessons whose video has a `<name>.vtt` beside it (where none is set). */
export const CAPTIONS_SEED = 'captions-v1';
/** The sample videos' posters and real lengths, for the lessons that play them. */
export const SAMPLE_POSTERS_SEED = 'sample-posters-v1';
/** Lengths the media did not give (made-up minutes, the admin's guesses) are dropped. */
export const MEASURED_LENGTHS_SEED = 'measured-lengths-v1';

/** What a step did: `skipped` leaves no marker, so the step is tried again at the next start. */
type StepOutcome = 'seeded' | 'skipped';

/** True when this call ran the step, false when its marker was already there (or it was skipped). */
async function seedOnce(
  db: Database,
  name: string,
  apply: (tx: Transaction) => Promise<StepOutcome>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`course:seed:${name}`}))`);
    const marker = await tx
      .insert(seeds)
      .values({ name })
      .onConflictDoNothing()
      .returning({ name: seeds.name });
    if (marker.length === 0) return false;
    if ((await apply(tx)) === 'seeded') return true;
    await tx.delete(seeds).where(eq(seeds.name, name));
    return false;
  });
}

/** The course with its 8 sections and 45 lessons, and the four products of /services. */
async function seedCourseAndServices(tx: Transaction): Promise<StepOutcome> {
  const [course] = await tx
    .insert(courses)
    .values({ ...SEED_COURSE, isPublished: true })
    .returning({ id: courses.id });
  if (!course) throw new Error('inserting the seed course returned no row');

  for (const [sectionIndex, section] of SEED_SECTIONS.entries()) {
    const [module] = await tx
      .insert(courseModules)
      .values({
        courseId: course.id,
        title: section.title,
        description: section.description,
        orderIndex: sectionIndex + 1,
        // One section a day: section N opens N-1 days after enrolment.
        availableAfterDays: sectionIndex,
      })
      .returning({ id: courseModules.id });
    if (!module) throw new Error('inserting a seed section returned no row');
    await tx.insert(courseLessons).values(
      section.lessons.map((lesson, lessonIndex) => ({
        moduleId: module.id,
        title: lesson.title,
        content: lesson.content,
        videoUrl: lesson.media,
        orderIndex: lessonIndex + 1,
        // The length is the media's, measured (the samples' below); nothing is made up.
        duration: 0,
        estimatedMinutes: null,
        isFree: sectionIndex === 0,
        keyPoints: lesson.keyPoints,
      })),
    );
  }

  await tx.insert(products).values(
    SEED_PRODUCTS.map(({ grantsCourse, ...product }, index) => ({
      ...product,
      courseId: grantsCourse ? course.id : null,
      sortOrder: index + 1,
      isActive: true,
    })),
  );
  return 'seeded';
}

/**
 * The unlisted products, granting the course the site sells (the first published one, else the first
 * one). With no course at all there is nothing they could grant: skipped until there is one. An id the
 * admin already used is left as it is.
 */
async function seedUnlistedProducts(tx: Transaction): Promise<StepOutcome> {
  const [course] = await tx
    .select({ id: courses.id })
    .from(courses)
    .orderBy(sql`${courses.isPublished} desc`, asc(courses.id))
    .limit(1);
  if (!course) return 'skipped';
  await tx
    .insert(products)
    .values(
      SEED_UNLISTED_PRODUCTS.map(({ grantsCourse, ...product }, index) => ({
        ...product,
        courseId: grantsCourse ? course.id : null,
        sortOrder: 100 + index + 1,
        isActive: true,
        listed: false,
      })),
    )
    .onConflictDoNothing({ target: products.id });
  return 'seeded';
}

/**
 * Sets month×1, month×3 and year×1 on the three membership plans where no interval is set yet (a plan
 * the admin deleted stays deleted; one seeded with its interval is unchanged).
 */
async function seedBillingIntervals(tx: Transaction): Promise<StepOutcome> {
  for (const [id, interval] of Object.entries(MEMBERSHIP_BILLING_INTERVALS)) {
    await tx
      .update(products)
      .set(interval)
      .where(and(eq(products.id, id), isNull(products.billingInterval)));
  }
  return 'seeded';
}

/** Gives each lesson playing a shipped video the captions shipped with it, unless it has some already. */
async function seedCaptions(tx: Transaction): Promise<StepOutcome> {
  const { courseMedia } = await listBundledMedia();
  const names = new Set(courseMedia.map((file) => file.name));
  for (const file of courseMedia) {
    const captions = file.name.replace(/\.mp4$/i, '.vtt');
    if (captions === file.name || !names.has(captions)) continue;
    await tx
      .update(courseLessons)
      .set({ captionsFile: captions })
      .where(and(eq(courseLessons.videoUrl, file.name), isNull(courseLessons.captionsFile)));
  }
  return 'seeded';
}

/**
 * Gives each lesson playing a shipped video that video's poster (unless it has one) and its real length
 * (the seeded minutes were made up; the samples are 12 s), as ffprobe measured them when they were made.
 */
async function seedSamplePosters(tx: Transaction): Promise<StepOutcome> {
  const { sampleVideos } = await listBundledMedia();
  for (const video of sampleVideos) {
    await tx
      .update(courseLessons)
      .set({ duration: Math.round(video.seconds) / 60 })
      .where(eq(courseLessons.videoUrl, video.name));
    await tx
      .update(courseLessons)
      .set({ posterUrl: video.poster.key })
      .where(and(eq(courseLessons.videoUrl, video.name), isNull(courseLessons.posterUrl)));
  }
  return 'seeded';
}

/**
 * Keeps only measured lengths (docs/behaviour/member-learning.md#lesson-lengths): a lesson playing a shipped
 * sample has its sample's, a transcoded one the transcode's; every other length (the seed's made-up minutes,
 * the studio's typed ones, `estimated_minutes`) is dropped until the media gives one.
 */
async function seedMeasuredLengths(tx: Transaction): Promise<StepOutcome> {
  const { sampleVideos } = await listBundledMedia();
  const samples = sampleVideos.map((video) => video.name);
  await tx.update(courseLessons).set({ estimatedMinutes: null });
  await tx
    .update(courseLessons)
    .set({ duration: 0 })
    .where(
      and(
        isNull(courseLessons.hlsUrl),
        or(isNull(courseLessons.videoUrl), notInArray(courseLessons.videoUrl, samples)),
      ),
    );
  return 'seeded';
}

/** The seeds this call applied, in order; empty when every step was already there. Each seed is applied once across replicas. */
export async function seedCatalogue(db: Database, logger: Logger): Promise<string[]> {
  const applied: string[] = [];
  const step = async (name: string, apply: (tx: Transaction) => Promise<StepOutcome>) => {
    const seeded = await seedOnce(db, name, apply);
    if (seeded) applied.push(name);
    return seeded;
  };
  if (await step(CATALOGUE_SEED, seedCourseAndServices)) {
    const lessons = SEED_SECTIONS.reduce((sum, section) => sum + section.lessons.length, 0);
    logger.info(
      { seed: CATALOGUE_SEED, sections: SEED_SECTIONS.length, lessons, products: SEED_PRODUCTS.length },
      'seeded the course catalogue',
    );
  }
  if (await step(UNLISTED_PRODUCTS_SEED, seedUnlistedProducts)) {
    logger.info(
      { seed: UNLISTED_PRODUCTS_SEED, products: SEED_UNLISTED_PRODUCTS.map((product) => product.id) },
      'seeded the programmes and membership plans',
    );
  }
  if (await step(BILLING_INTERVALS_SEED, seedBillingIntervals)) {
    logger.info(
      { seed: BILLING_INTERVALS_SEED, products: Object.keys(MEMBERSHIP_BILLING_INTERVALS) },
      'set the membership plans’ billing intervals',
    );
  }
  if (await step(CAPTIONS_SEED, seedCaptions))
    logger.info({ seed: CAPTIONS_SEED }, 'gave the shipped videos their captions');
  if (await step(SAMPLE_POSTERS_SEED, seedSamplePosters))
    logger.info({ seed: SAMPLE_POSTERS_SEED }, 'gave the shipped videos their posters and lengths');
  if (await step(MEASURED_LENGTHS_SEED, seedMeasuredLengths))
    logger.info({ seed: MEASURED_LENGTHS_SEED }, 'kept only measured lesson lengths');
  return applied;
}
