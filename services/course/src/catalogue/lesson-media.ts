/**
 * What a lesson's `video_url` is and who may open it. A `video_url` is either a file name in the store
 * (`course-media/<file>`; a leading folder such as `attached_assets/` is ignored) or a link: YouTube in
 * its watch, short, embed or youtu.be form, or any other http(s) address.
 */
import { DEMO_VIDEO_PATH, isDocumentFileName, parseHttpUrl, youTubeVideoId } from '@platform/contracts';
import type { LessonKind } from '@platform/contracts';

/** The file name a `video_url` refers to in the store, or null when it is a link. */
export function mediaFileName(videoUrl: string | null): string | null {
  if (!videoUrl || parseHttpUrl(videoUrl.trim())) return null;
  const withoutQuery = videoUrl.trim().split(/[?#]/)[0] ?? '';
  const name = withoutQuery.split('/').pop() ?? '';
  return name === '' ? null : name;
}

/** A WebVTT captions file (`member-lesson.vtt`). */
export function isCaptionsFileName(name: string): boolean {
  return /\.vtt$/i.test(name);
}

export function lessonKind(videoUrl: string | null): LessonKind {
  if (!videoUrl) return 'video';
  if (youTubeVideoId(videoUrl)) return 'youtube';
  const pathPart = (parseHttpUrl(videoUrl.trim())?.pathname ?? videoUrl).split(/[?#]/)[0] ?? '';
  return isDocumentFileName(pathPart) ? 'document' : 'video';
}

/** The course page's intro video, shipped in `services/course/media/`. */
export const INTRO_VIDEO_FILE = 'introduction.mp4';

/** Where a visitor opens a lesson's media: the public demo path for files, links as they are. */
export function publicMediaUrl(videoUrl: string | null): string | null {
  if (!videoUrl) return null;
  const file = mediaFileName(videoUrl);
  if (file) return `${DEMO_VIDEO_PATH}${encodeURIComponent(file)}`;
  return parseHttpUrl(videoUrl.trim()) ? videoUrl.trim() : null;
}

export interface LessonOpenness {
  id: number;
  moduleId: number;
  orderIndex: number;
  isFree: boolean;
}

/**
 * Ids of the lessons a visitor may open: the free ones and the first of every section
 * (docs/behaviour/public-site-and-catalogue.md#public-course-page).
 */
export function openLessonIds(lessons: LessonOpenness[]): Set<number> {
  const first = new Map<number, LessonOpenness>();
  for (const lesson of lessons) {
    const current = first.get(lesson.moduleId);
    if (!current || lesson.orderIndex < current.orderIndex) first.set(lesson.moduleId, lesson);
  }
  const open = new Set<number>([...first.values()].map((lesson) => lesson.id));
  for (const lesson of lessons) if (lesson.isFree) open.add(lesson.id);
  return open;
}

/**
 * A lesson's length in whole seconds from the stored minutes (the media's measured length: a shipped
 * sample's or a transcoded upload's), or null when not known (stored as 0).
 */
export function durationSecondsOf(minutes: number): number | null {
  const seconds = Math.round(minutes * 60);
  return seconds > 0 ? seconds : null;
}
