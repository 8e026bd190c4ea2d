/**
 * The studio's lesson and section forms as pure rules: what the fields hold, how they become the calls'
 * bodies (docs/behaviour/course-studio.md#course-editor: a lesson's length is its media's, shown and never
 * typed; a release day is read as a whole number, 0 when empty or unreadable), and the checks the page
 * makes before asking the server.
 */
import {
  COURSE_STUDIO_MESSAGES,
  STUDIO_TITLE_MAX,
  checkCaptionsFile,
  checkLessonMedia,
  type StudioLesson,
  type StudioSection,
  type UpdateLessonRequest,
  type UpdateModuleRequest,
} from '@platform/contracts';

export interface LessonFormValues {
  title: string;
  videoUrl: string;
  content: string;
  /** One key takeaway per line. */
  keyPoints: string;
  captionsFile: string;
  isFree: boolean;
  isPublished: boolean;
  /** The version the form was loaded from (or last saved as): sent with the save, never typed. */
  version: number;
}

export interface SectionFormValues {
  title: string;
  description: string;
  availableAfterDays: string;
  isPublished: boolean;
  /** The version the form was loaded from (or last saved as): sent with the save, never typed. */
  version: number;
}

/** `parseInt(value) || 0`, as the spec reads a number field: "12 days" is 12, "" and "abc" are 0. */
export function parseDuration(value: string): number {
  const parsed = Number.parseInt(value.trim(), 10);
  return Number.isFinite(parsed) ? parsed : 0;
}

export function splitKeyPoints(value: string): string[] {
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function toLessonFormValues(lesson: StudioLesson): LessonFormValues {
  return {
    title: lesson.title,
    videoUrl: lesson.videoUrl ?? '',
    content: lesson.content,
    keyPoints: lesson.keyPoints.join('\n'),
    captionsFile: lesson.captionsFile ?? '',
    isFree: lesson.isFree,
    isPublished: lesson.isPublished,
    version: lesson.version,
  };
}

export function toUpdateLessonRequest(values: LessonFormValues): UpdateLessonRequest {
  return {
    title: values.title.trim(),
    videoUrl: values.videoUrl.trim(),
    content: values.content,
    keyPoints: splitKeyPoints(values.keyPoints),
    captionsFile: values.captionsFile.trim(),
    isFree: values.isFree,
    isPublished: values.isPublished,
    version: values.version,
  };
}

export function toSectionFormValues(section: StudioSection): SectionFormValues {
  return {
    title: section.title,
    description: section.description,
    availableAfterDays: String(section.availableAfterDays),
    isPublished: section.isPublished,
    version: section.version,
  };
}

export function toUpdateModuleRequest(values: SectionFormValues): UpdateModuleRequest {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    availableAfterDays: parseDuration(values.availableAfterDays),
    isPublished: values.isPublished,
    version: values.version,
  };
}

/** Whether two requests save the same (their `version` aside): a save found stored after its answer was lost. */
function sameRequest<Request extends { version?: number }>(a: Request, b: Request): boolean {
  return JSON.stringify({ ...a, version: 0 }) === JSON.stringify({ ...b, version: 0 });
}

/**
 * A new video sent with the captions left as they were gets the server's captions for it (its own `.vtt`
 * beside it, or none): those are not the form's to compare.
 */
export function sameLessonSave(sent: LessonFormValues, stored: LessonFormValues, loaded: LessonFormValues) {
  const serverPicksCaptions =
    sent.videoUrl.trim() !== loaded.videoUrl.trim() &&
    sent.captionsFile.trim() === loaded.captionsFile.trim();
  const compared = serverPicksCaptions ? { ...sent, captionsFile: stored.captionsFile } : sent;
  return sameRequest(toUpdateLessonRequest(compared), toUpdateLessonRequest(stored));
}

export const sameSectionSave = (sent: SectionFormValues, stored: SectionFormValues) =>
  sameRequest(toUpdateModuleRequest(sent), toUpdateModuleRequest(stored));

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function checkTitle(title: string): string | undefined {
  const trimmed = title.trim();
  if (trimmed === '') return COURSE_STUDIO_MESSAGES.titleRequired;
  if (trimmed.length > STUDIO_TITLE_MAX) return COURSE_STUDIO_MESSAGES.titleTooLong;
  return undefined;
}

/** A studio form's errors to begin with: its title's, which every studio form checks alike. */
function titleErrors(title: string): { title?: string } {
  const problem = checkTitle(title);
  return problem ? { title: problem } : {};
}

/** What the page refuses before asking the server (the server checks again, and that a file exists). */
export function checkLessonForm(values: LessonFormValues): FieldErrors<keyof LessonFormValues> {
  const errors: FieldErrors<keyof LessonFormValues> = titleErrors(values.title);
  const media = checkLessonMedia(values.videoUrl);
  if (!media.ok) errors.videoUrl = media.message;
  const captions = checkCaptionsFile(values.captionsFile);
  if (!captions.ok) errors.captionsFile = captions.message;
  return errors;
}

export function checkSectionForm(values: SectionFormValues): FieldErrors<keyof SectionFormValues> {
  const errors: FieldErrors<keyof SectionFormValues> = titleErrors(values.title);
  const day = parseDuration(values.availableAfterDays);
  if (day < 0 || day > 365) errors.availableAfterDays = COURSE_STUDIO_MESSAGES.releaseDay;
  return errors;
}

/** The field a server's issue path names, when it is one of the form's. */
export function issueField<Field extends string>(path: string, fields: readonly Field[]): Field | null {
  const head = path.split('.')[0] ?? '';
  return fields.find((field) => field === head) ?? null;
}
