/**
 * Seeds the catalogue once per database, in one transaction. The seed marker row (`course.seeds`) is
 * inserted first, under a transaction-scoped advisory lock: a second replica starting at the same time
 * waits for the first to commit, then finds the marker and does nothing. A course the admin later edits
 * or deletes is therefore never seeded again.
 */
import { sql } from 'drizzle-orm';
import type { Database, Logger } from '@platform/service-kit';
import { courseLessons, courseModules, courses, products, seeds } from '../../db/schema.js';
import { SEED_COURSE, SEED_PRODUCTS, SEED_SECTIONS } from './catalogue-seed-data.js';

export const CATALOGUE_SEED = 'catalogue-v1';

/** True when this call seeded the catalogue, false when it was already there. */
export async function seedCatalogue(db: Database, logger: Logger): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`course:seed:${CATALOGUE_SEED}`}))`);
    const marker = await tx
      .insert(seeds)
      .values({ name: CATALOGUE_SEED })
      .onConflictDoNothing()
      .returning({ name: seeds.name });
    if (marker.length === 0) return false;

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
          duration: lesson.duration,
          estimatedMinutes: lesson.duration > 0 ? Math.ceil(lesson.duration) : 15,
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
    return true;
  });
  if (seeded) {
    const lessons = SEED_SECTIONS.reduce((sum, section) => sum + section.lessons.length, 0);
    logger.info(
      { seed: CATALOGUE_SEED, sections: SEED_SECTIONS.length, lessons, products: SEED_PRODUCTS.length },
      'seeded the course catalogue',
    );
  }
  return seeded;
}
