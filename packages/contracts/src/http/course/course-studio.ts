/**
 * The course studio's calls (docs/behaviour/course-studio.md#api-calls), all admin only: a visitor gets 401
 * 'Unauthorized', another signed-in user 403 'Access denied'. The spec's three calls:
 *
 * `GET /api/courses/:id/modules` every section of the course in order, drafts included, each with its
 *   lessons in order (StudioSectionList).
 * `PUT /api/modules/:id` UpdateModuleRequest (`title`, plus the studio's optional extras) → the section.
 * `PUT /api/lessons/:id/video` UpdateLessonRequest (`title`, `videoUrl`, `content`, `duration`, plus the
 *   optional extras) → the lesson.
 *   Both take the `version` the save was made from; another save since is 409 (`lessonChanged` /
 *   `moduleChanged`) and changes nothing.
 *
 * and the studio's own: `POST /api/courses/:id/modules` (CreateModuleRequest, 201 the section),
 * `DELETE /api/modules/:id` (204), `POST /api/modules/:id/lessons` (CreateLessonRequest, 201 the lesson),
 * `DELETE /api/lessons/:id` (204), `PUT /api/courses/:id/modules/order` (ReorderModulesRequest → the list),
 * `PUT /api/modules/:id/lessons/order` (ReorderLessonsRequest → the list), and `GET /api/course-media`
 * (the files a lesson may use, CourseMediaList). Unknown ids are 404; bad input is 400 and changes nothing.
 */
import { z } from 'zod';
import { lessonLengthFields, storedSectionFields } from './outline-fields.js';
import { plainText } from '../text.js';
import { LessonKindSchema } from './get-course-preview.js';
import { parseHttpUrl, vimeoVideoId, youTubeVideoId } from './video-links.js';
import { isoDateTime, wholeNumberInRange } from '../fields.js';

export const COURSE_STUDIO_MESSAGES = {
  lessonSaved: 'Lesson updated successfully',
  moduleSaved: 'Module updated successfully',
  lessonFailed: 'Failed to update lesson',
  moduleFailed: 'Failed to update module',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters',
  descriptionTooLong: 'Description must be at most 2000 characters',
  contentTooLong: 'Content must be at most 50000 characters',
  duration: 'Duration must be a whole number of minutes (0 or more)',
  releaseDay: 'The release day must be a whole number of days from 0 to 365',
  videoUrl:
    'Video must be an uploaded video file (.mp4, .m4v, .mov or .webm), a YouTube or Vimeo link, or a .pdf or .docx document',
  videoLinkHost: 'Video links must be YouTube or Vimeo addresses (or a link to a .pdf or .docx document)',
  fileName: 'Give the stored file’s name alone (for example lesson-1.mp4), without folders',
  captions: 'Captions must be a WebVTT file name ending in .vtt',
  noSuchFile: (name: string) => `No uploaded file is named ${name}`,
  keyPoint: 'Each key takeaway must be 1 to 300 characters',
  keyPoints: 'At most 20 key takeaways',
  moduleOrder: 'The new order must list every section of the course exactly once',
  lessonOrder:
    'The new order must list every lesson of the section exactly once, plus only lessons of the same course',
  duplicateIds: 'An id appears twice in the new order',
  version: 'version must be the whole number the studio read (1 or more)',
  lessonChanged:
    'This lesson was changed in another tab or by someone else since you opened it. Reload it to see the changes, then make yours again.',
  moduleChanged:
    'This section was changed in another tab or by someone else since you opened it. Reload it to see the changes, then make yours again.',
  requestIdInvalid: 'The request id must be a UUID',
  requestIdTaken: 'This request id belongs to another addition',
} as const;

export const STUDIO_TITLE_MAX = 200;
export const STUDIO_DESCRIPTION_MAX = 2000;
export const STUDIO_CONTENT_MAX = 50_000;
export const STUDIO_KEY_POINT_MAX = 300;
export const STUDIO_KEY_POINTS_MAX = 20;
export const STUDIO_RELEASE_DAY_MAX = 365;
/** A lesson's duration is at most a day, in minutes. */
export const STUDIO_DURATION_MAX = 1440;

/** The lesson's media as a file in the store, a video-host link, or a document link. */
export type LessonMediaCheck =
  | { ok: true; value: null }
  | {
      ok: true;
      value: string;
      /** `file`: a name under course-media/ (checked against the store by the service). */
      source: 'file' | 'link';
      kind: 'video' | 'youtube' | 'vimeo' | 'document';
    }
  | { ok: false; message: string };

const VIDEO_FILE = /\.(mp4|m4v|mov|webm)$/i;
const DOCUMENT_FILE = /\.(pdf|docx?)$/i;
/** The shape of a stored name: no folders, no `..`, no control characters. */
const PLAIN_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._()+-]{0,199}$/;
const MEDIA_FOLDER = /^course-media\//i;

/**
 * What a lesson's `videoUrl` may be: empty (no media), an uploaded video's stored file name (a leading
 * `course-media/` is dropped), a YouTube or Vimeo link, or a .pdf / .doc / .docx document (a stored file
 * or a link). The same rule in the studio's form and in the service.
 */
export function checkLessonMedia(input: string): LessonMediaCheck {
  const value = input.trim();
  if (value === '') return { ok: true, value: null };
  if (/^https?:\/\//i.test(value)) {
    const url = parseHttpUrl(value);
    if (!url) return { ok: false, message: COURSE_STUDIO_MESSAGES.videoUrl };
    if (youTubeVideoId(value)) return { ok: true, value, source: 'link', kind: 'youtube' };
    if (vimeoVideoId(value)) return { ok: true, value, source: 'link', kind: 'vimeo' };
    if (DOCUMENT_FILE.test(url.pathname)) return { ok: true, value, source: 'link', kind: 'document' };
    return { ok: false, message: COURSE_STUDIO_MESSAGES.videoLinkHost };
  }
  const name = value.replace(MEDIA_FOLDER, '');
  if (name.includes('/') || name.includes('\\'))
    return { ok: false, message: COURSE_STUDIO_MESSAGES.fileName };
  if (!PLAIN_FILE_NAME.test(name) || name.includes('..')) {
    return { ok: false, message: COURSE_STUDIO_MESSAGES.videoUrl };
  }
  if (VIDEO_FILE.test(name)) return { ok: true, value: name, source: 'file', kind: 'video' };
  if (DOCUMENT_FILE.test(name)) return { ok: true, value: name, source: 'file', kind: 'document' };
  return { ok: false, message: COURSE_STUDIO_MESSAGES.videoUrl };
}

/** A captions file: empty (none) or a stored `.vtt` file name. */
export function checkCaptionsFile(
  input: string,
): { ok: true; value: string | null } | { ok: false; message: string } {
  const value = input.trim().replace(MEDIA_FOLDER, '');
  if (value === '') return { ok: true, value: null };
  if (!PLAIN_FILE_NAME.test(value) || value.includes('..') || !/\.vtt$/i.test(value)) {
    return { ok: false, message: COURSE_STUDIO_MESSAGES.captions };
  }
  return { ok: true, value };
}

const TitleSchema = plainText(
  z
    .string({ error: COURSE_STUDIO_MESSAGES.titleRequired })
    .trim()
    .min(1, COURSE_STUDIO_MESSAGES.titleRequired)
    .max(STUDIO_TITLE_MAX, COURSE_STUDIO_MESSAGES.titleTooLong),
);

const DescriptionSchema = plainText(
  z
    .string({ error: COURSE_STUDIO_MESSAGES.descriptionTooLong })
    .trim()
    .max(STUDIO_DESCRIPTION_MAX, COURSE_STUDIO_MESSAGES.descriptionTooLong),
  { multiline: true },
);

const ReleaseDaySchema = wholeNumberInRange(0, STUDIO_RELEASE_DAY_MAX, COURSE_STUDIO_MESSAGES.releaseDay);

const PublishedSchema = z.boolean({ error: 'isPublished must be true or false' });

/**
 * A media field: text of at most `max` characters or null (none), read by its check into what the service
 * stores, or refused with the check's message.
 */
function mediaField(
  max: number,
  message: string,
  check: (input: string) => { ok: true; value: string | null } | { ok: false; message: string },
) {
  return plainText(z.string({ error: message }).max(max, message))
    .nullable()
    .transform((value, context) => {
      const checked = check(value ?? '');
      if (!checked.ok) {
        context.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }
      return checked.value;
    });
}

/** The lesson's media address as the service stores it (null: none). */
export const LessonMediaSchema = mediaField(2000, COURSE_STUDIO_MESSAGES.videoUrl, checkLessonMedia);

export const CaptionsFileSchema = mediaField(200, COURSE_STUDIO_MESSAGES.captions, checkCaptionsFile);

const ContentSchema = plainText(
  z.string({ error: 'Content must be text' }).max(STUDIO_CONTENT_MAX, COURSE_STUDIO_MESSAGES.contentTooLong),
  { multiline: true },
);

/** Whole minutes, 0 or more (the studio reads the field as an integer, 0 when empty). */
const DurationSchema = wholeNumberInRange(0, STUDIO_DURATION_MAX, COURSE_STUDIO_MESSAGES.duration);

const KeyPointsSchema = z
  .array(
    plainText(
      z
        .string({ error: COURSE_STUDIO_MESSAGES.keyPoint })
        .trim()
        .min(1, COURSE_STUDIO_MESSAGES.keyPoint)
        .max(STUDIO_KEY_POINT_MAX, COURSE_STUDIO_MESSAGES.keyPoint),
    ),
    { error: 'keyPoints must be a list of texts' },
  )
  .max(STUDIO_KEY_POINTS_MAX, COURSE_STUDIO_MESSAGES.keyPoints);

const FreeSchema = z.boolean({ error: 'isFree must be true or false' });

/**
 * The version of the lesson or section the save was made from (its studio view's `version`): a save from an
 * older one is refused with 409 and changes nothing. The studio page always sends it; a caller of the spec's
 * call without it saves without the check.
 */
const VersionSchema = z
  .number({ error: COURSE_STUDIO_MESSAGES.version })
  .int(COURSE_STUDIO_MESSAGES.version)
  .positive(COURSE_STUDIO_MESSAGES.version)
  .max(2_147_483_647, COURSE_STUDIO_MESSAGES.version);

/** `PUT /api/modules/:id`: the title, as the spec has it, plus what else the studio edits of a section. */
export const UpdateModuleRequestSchema = z.strictObject({
  title: TitleSchema,
  description: DescriptionSchema.optional(),
  availableAfterDays: ReleaseDaySchema.optional(),
  isPublished: PublishedSchema.optional(),
  version: VersionSchema.optional(),
});
export type UpdateModuleRequest = z.input<typeof UpdateModuleRequestSchema>;

/**
 * A creation's `requestId` (optional): a UUID the studio makes once per section or lesson it means to add
 * and sends again when it retries after a lost answer. The same id again is the same creation, answered
 * with the item made the first time; with another body or parent it is 409 and changes nothing.
 */
const RequestIdSchema = z.uuid({ error: COURSE_STUDIO_MESSAGES.requestIdInvalid });

/**
 * `POST /api/courses/:id/modules`: a new section at the end, with the same fields as an update (but no
 * version); a draft unless `isPublished` says otherwise, and (without `availableAfterDays`) opening the day
 * after the latest section.
 */
export const CreateModuleRequestSchema = UpdateModuleRequestSchema.omit({ version: true }).extend({
  requestId: RequestIdSchema.optional(),
});
export type CreateModuleRequest = z.input<typeof CreateModuleRequestSchema>;

/**
 * `PUT /api/lessons/:id/video`: the spec's fields (`videoUrl` may be empty for a lesson without media), plus
 * the studio's optional extras; an extra left out keeps its stored value. The spec's `duration` is still
 * checked when sent but sets nothing: a lesson's length is its media's, measured
 * (docs/behaviour/course-studio.md#lesson-media).
 */
export const UpdateLessonRequestSchema = z.strictObject({
  title: TitleSchema,
  videoUrl: LessonMediaSchema,
  content: ContentSchema,
  duration: DurationSchema.optional(),
  keyPoints: KeyPointsSchema.optional(),
  isFree: FreeSchema.optional(),
  captionsFile: CaptionsFileSchema.optional(),
  isPublished: PublishedSchema.optional(),
  version: VersionSchema.optional(),
});
export type UpdateLessonRequest = z.input<typeof UpdateLessonRequestSchema>;

/**
 * `POST /api/modules/:id/lessons`: a new lesson at the end of the section, with an update's fields of which
 * only the title is required; a draft unless said otherwise.
 */
export const CreateLessonRequestSchema = UpdateLessonRequestSchema.omit({ version: true })
  .partial({ videoUrl: true, content: true })
  .extend({ requestId: RequestIdSchema.optional() });
export type CreateLessonRequest = z.input<typeof CreateLessonRequestSchema>;

const IdListSchema = (message: string) =>
  z
    .array(z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message), {
      error: message,
    })
    .min(1, message)
    .max(500, message)
    .refine((ids) => new Set(ids).size === ids.length, COURSE_STUDIO_MESSAGES.duplicateIds);

/** `PUT /api/courses/:id/modules/order`: every section id of the course, in the new order. */
export const ReorderModulesRequestSchema = z.strictObject({
  moduleIds: IdListSchema(COURSE_STUDIO_MESSAGES.moduleOrder),
});
export type ReorderModulesRequest = z.infer<typeof ReorderModulesRequestSchema>;

/**
 * `PUT /api/modules/:id/lessons/order`: every lesson id of the section in the new order; a lesson of
 * another section of the same course listed here moves into this section.
 */
export const ReorderLessonsRequestSchema = z.strictObject({
  lessonIds: IdListSchema(COURSE_STUDIO_MESSAGES.lessonOrder),
});
export type ReorderLessonsRequest = z.infer<typeof ReorderLessonsRequestSchema>;

/** The newest transcoding of the lesson's uploaded video into HLS, when there is one. */
export const StudioTranscodeSchema = z.object({
  status: z.enum(['queued', 'done', 'failed', 'superseded']),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
});
export type StudioTranscode = z.infer<typeof StudioTranscodeSchema>;

/** A lesson as the studio edits it: every stored field, drafts included. */
export const StudioLessonSchema = z.object({
  id: z.number().int().positive(),
  moduleId: z.number().int().positive(),
  title: z.string(),
  content: z.string(),
  /** As stored: a file name under course-media/, a link, or null. */
  videoUrl: z.string().nullable(),
  kind: LessonKindSchema,
  /** Where the admin can open the media (`/api/video-stream/<file>` for a stored file, a link as it is). */
  mediaUrl: z.string().nullable(),
  captionsFile: z.string().nullable(),
  orderIndex: z.number().int(),
  ...lessonLengthFields,

  isFree: z.boolean(),
  keyPoints: z.array(z.string()),
  isPublished: z.boolean(),
  /** The HLS master playlist once the uploaded video is transcoded. */
  hlsUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  transcode: StudioTranscodeSchema.nullable(),
  /** Bumped by each save of the lesson's fields (not by reorders or transcodes); a save sends it back. */
  version: z.number().int().positive(),
  updatedAt: isoDateTime,
});
export type StudioLesson = z.infer<typeof StudioLessonSchema>;

export const StudioSectionSchema = z.object({
  ...storedSectionFields,
  isPublished: z.boolean(),
  /** Bumped by each save of the section's fields (not by reorders); a save sends it back. */
  version: z.number().int().positive(),
  lessons: z.array(StudioLessonSchema),
});
export type StudioSection = z.infer<typeof StudioSectionSchema>;
export const StudioSectionListSchema = z.array(StudioSectionSchema);
export type StudioSectionList = z.infer<typeof StudioSectionListSchema>;

/** `GET /api/course-media`: the stored files a lesson may name, finished uploads newest first. */
export const CourseMediaFileSchema = z.object({
  /** The stored name, what `videoUrl` (or `captionsFile`) takes. */
  name: z.string(),
  kind: z.enum(['video', 'document', 'captions']),
  /** `upload`: an admin's finished upload; `sample`: shipped with the site. */
  source: z.enum(['upload', 'sample']),
  /** The uploaded file's own name; null for the samples. */
  originalName: z.string().nullable(),
  size: z.number().nonnegative().nullable(),
  uploadedAt: isoDateTime.nullable(),
});
export type CourseMediaFile = z.infer<typeof CourseMediaFileSchema>;
export const CourseMediaListSchema = z.object({ files: z.array(CourseMediaFileSchema) });
export type CourseMediaList = z.infer<typeof CourseMediaListSchema>;
