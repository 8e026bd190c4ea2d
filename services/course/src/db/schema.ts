/** The course service's tables, all inside its own Postgres schema `course`. */
import { createInboxTable, createOutboxTable } from '@platform/service-kit/tables';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  integer,
  jsonb,
  pgSchema,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

export const courseSchema = pgSchema('course');

export const outboxEvents = createOutboxTable(courseSchema);
export const inboxEvents = createInboxTable(courseSchema);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const courses = courseSchema.table(
  'courses',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    thumbnail: text('thumbnail'),
    difficulty: text('difficulty').notNull().default('beginner'),
    /** Cents. */
    price: integer('price').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(false),
    ...timestamps,
  },
  (table) => [check('courses_price_nonnegative', sql`${table.price} >= 0`)],
);

/** A course's sections ("modules"), released `available_after_days` after enrolment. */
export const courseModules = courseSchema.table(
  'course_modules',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    orderIndex: integer('order_index').notNull(),
    availableAfterDays: integer('available_after_days').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    unique('course_modules_course_order_unique').on(table.courseId, table.orderIndex),
    check('course_modules_available_after_days_nonnegative', sql`${table.availableAfterDays} >= 0`),
  ],
);

export const courseLessons = courseSchema.table(
  'course_lessons',
  {
    id: serial('id').primaryKey(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    /** A file name in the object store under `course-media/`, or a video-host link (YouTube). */
    videoUrl: text('video_url'),
    orderIndex: integer('order_index').notNull(),
    estimatedMinutes: integer('estimated_minutes'),
    /** Minutes, possibly fractional; 0 for a document. */
    duration: doublePrecision('duration').notNull().default(0),
    isFree: boolean('is_free').notNull().default(false),
    keyPoints: jsonb('key_points').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [
    unique('course_lessons_module_order_unique').on(table.moduleId, table.orderIndex),
    check('course_lessons_duration_nonnegative', sql`${table.duration} >= 0`),
  ],
);

/** The services catalogue; checkout prices every order from here (never from the browser). */
export const products = courseSchema.table(
  'products',
  {
    /** Slug, e.g. `restaurant-consultation`. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Cents; 0 means included with another product. */
    price: integer('price').notNull(),
    /** List price in cents, struck through in the cart. */
    compareAtPrice: integer('compare_at_price'),
    category: text('category').notNull(),
    image: text('image').notNull(),
    /** The course that buying this product grants, if any. */
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    badge: text('badge'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    check('products_id_slug', sql`${table.id} ~ '^[a-z0-9-]+$'`),
    check('products_price_nonnegative', sql`${table.price} >= 0`),
    check('products_compare_at_price_nonnegative', sql`${table.compareAtPrice} >= 0`),
  ],
);

/** One row per seed applied, so a seed runs once per database however many replicas start. */
export const seeds = courseSchema.table('seeds', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
