/**
 * `GET /api/course-preview`: the public course page's outline, from the catalogue. A lesson a visitor may
 * not open carries no video address at all (`videoUrl: null`), so nothing locked leaks through it.
 */
import { z } from 'zod';
import { lessonLengthFields } from './outline-fields.js';

export const LessonKindSchema = z.enum(['video', 'youtube', 'document']);
export type LessonKind = z.infer<typeof LessonKindSchema>;

export const PreviewLessonSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  content: z.string(),
  ...lessonLengthFields,
  orderIndex: z.number().int().nonnegative(),
  isFree: z.boolean(),
  kind: LessonKindSchema,
  keyPoints: z.array(z.string()),
  /** True when a visitor may open it: free, or the first lesson of its section. */
  isOpen: z.boolean(),
  /**
   * Open lessons only: the public demo path (`/api/demo-video/<file>`, which also serves an open
   * document as a download) or a YouTube link as stored. Null for locked lessons.
   */
  videoUrl: z.string().nullable(),
});
export type PreviewLesson = z.infer<typeof PreviewLessonSchema>;

export const PreviewSectionSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  orderIndex: z.number().int().nonnegative(),
  /** Every lesson of the section is free ('FREE TO WATCH'). */
  isFree: z.boolean(),
  lessonCount: z.number().int().nonnegative(),
  lessons: z.array(PreviewLessonSchema),
});
export type PreviewSection = z.infer<typeof PreviewSectionSchema>;

export const CoursePreviewSchema = z.object({
  course: z.object({
    id: z.number().int().positive(),
    title: z.string(),
    description: z.string(),
    thumbnail: z.string().nullable(),
    difficulty: z.string(),
    /** Cents. */
    price: z.number().int().nonnegative(),
  }),
  /** The intro video on the public demo path. */
  introVideoUrl: z.string().nullable(),
  sectionCount: z.number().int().nonnegative(),
  lessonCount: z.number().int().nonnegative(),
  sections: z.array(PreviewSectionSchema),
});
export type CoursePreview = z.infer<typeof CoursePreviewSchema>;
