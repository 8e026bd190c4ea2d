/** Catalogue queries: the published course with its sections and lessons, and the products. */
import { and, asc, count, countDistinct, eq, inArray } from 'drizzle-orm';
import { findRow, type Executor } from '@platform/service-kit/db';
import { listCourseModules, listPublishedLessons } from '../learning/learning.repository.js';
import { courseLessons, courseModules, courses, products } from '../db/schema.js';

export type CourseRow = typeof courses.$inferSelect;
export type ModuleRow = typeof courseModules.$inferSelect;
export type LessonRow = typeof courseLessons.$inferSelect;
export type ProductRow = typeof products.$inferSelect;

export interface CourseOutline {
  course: CourseRow;
  modules: ModuleRow[];
  /** In section order, then lesson order. */
  lessons: LessonRow[];
}

/** The course the public page shows: the first published one, without its drafts. */
export async function findPublicCourseOutline(db: Executor): Promise<CourseOutline | null> {
  const course = await findRow(db, courses, eq(courses.isPublished, true), { orderBy: [asc(courses.id)] });
  if (!course) return null;
  const modules = await listCourseModules(db, course.id);
  const lessons =
    modules.length === 0
      ? []
      : (
          await db
            .select({ lesson: courseLessons })
            .from(courseLessons)
            .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
            .where(
              and(
                inArray(
                  courseLessons.moduleId,
                  modules.map((module) => module.id),
                ),
                eq(courseLessons.isPublished, true),
              ),
            )
            .orderBy(asc(courseModules.orderIndex), asc(courseLessons.orderIndex), asc(courseLessons.id))
        ).map((row) => row.lesson);
  return { course, modules, lessons };
}

/**
 * Every published lesson (of a published section) of every published course, with what decides whether a
 * visitor may open it.
 */
export async function listPublishedLessonMedia(db: Executor) {
  return listPublishedLessons(db, eq(courses.isPublished, true));
}

/**
 * Every active product, listed or not (what the payment service may sell), or with `listedOnly` only
 * those shown on /services.
 */
export async function listActiveProducts(
  db: Executor,
  options: { listedOnly?: boolean } = {},
): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(
      options.listedOnly
        ? and(eq(products.isActive, true), eq(products.listed, true))
        : eq(products.isActive, true),
    )
    .orderBy(asc(products.sortOrder), asc(products.id));
}

/** One active product by id, listed or not. */
export async function findActiveProduct(db: Executor, id: string): Promise<ProductRow | null> {
  return findRow(db, products, and(eq(products.id, id), eq(products.isActive, true)));
}

export interface CourseSize {
  courseId: number;
  title: string;
  sections: number;
  lessons: number;
}

/**
 * Section and lesson counts of the given courses (a course without sections counts 0 and 0): the
 * catalogue's figures, so drafts are not counted.
 */
export async function countCourseContents(db: Executor, courseIds: number[]): Promise<CourseSize[]> {
  if (courseIds.length === 0) return [];
  const rows = await db
    .select({
      courseId: courses.id,
      title: courses.title,
      sections: countDistinct(courseModules.id),
      lessons: count(courseLessons.id),
    })
    .from(courses)
    .leftJoin(courseModules, and(eq(courseModules.courseId, courses.id), eq(courseModules.isPublished, true)))
    .leftJoin(
      courseLessons,
      and(eq(courseLessons.moduleId, courseModules.id), eq(courseLessons.isPublished, true)),
    )
    .where(inArray(courses.id, courseIds))
    .groupBy(courses.id, courses.title);
  return rows.map((row) => ({ ...row, sections: Number(row.sections), lessons: Number(row.lessons) }));
}
