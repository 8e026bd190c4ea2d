/**
 * The files a lesson may name (docs/behaviour/course-studio.md#lesson-media): a stored file must exist under
 * `course-media/` before a lesson points at it, so a typo is a 400 rather than a broken lesson; and the
 * list the studio offers (the admin's finished uploads, then the shipped samples).
 */
import {
  COURSE_STUDIO_MESSAGES,
  checkLessonMedia,
  isDocumentFileName,
  type CourseMediaFile,
  type CourseMediaList,
} from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import type { ObjectStore } from '@platform/service-kit/storage';
import { isCaptionsFileName } from '../catalogue/lesson-media.js';
import { courseMediaKey, listBundledMedia } from '../media/bundled-media.js';
import { listFinishedUploads } from './studio.repository.js';

/** The stored video a `videoUrl` names (what is transcoded), or null for a link, a document or none. */
export function storedVideoOf(videoUrl: string | null): string | null {
  if (!videoUrl) return null;
  const checked = checkLessonMedia(videoUrl);
  return checked.ok && checked.value !== null && checked.source === 'file' && checked.kind === 'video'
    ? checked.value
    : null;
}

/** The stored file a `videoUrl` names (a video or a document), or null for a link or none. */
function storedFileOf(videoUrl: string | null): string | null {
  if (!videoUrl) return null;
  const checked = checkLessonMedia(videoUrl);
  return checked.ok && checked.value !== null && checked.source === 'file' ? checked.value : null;
}

/** 400 naming the first file that is not in the store. */
export async function assertStoredFiles(
  store: ObjectStore | null | undefined,
  media: { videoUrl?: string | null; captionsFile?: string | null },
): Promise<void> {
  const names = [storedFileOf(media.videoUrl ?? null), media.captionsFile ?? null].filter(
    (name): name is string => name !== null,
  );
  if (names.length === 0) return;
  if (!store) throw new AppError('unavailable', 'File storage is not available');
  for (const name of names) {
    if (!(await store.stat(courseMediaKey(name)))) {
      throw new AppError('invalid', COURSE_STUDIO_MESSAGES.noSuchFile(name), [
        {
          path: name === media.captionsFile ? 'captionsFile' : 'videoUrl',
          message: COURSE_STUDIO_MESSAGES.noSuchFile(name),
        },
      ]);
    }
  }
}

const UPLOADS_LISTED = 200;

function kindOf(name: string): CourseMediaFile['kind'] {
  if (isCaptionsFileName(name)) return 'captions';
  return isDocumentFileName(name) ? 'document' : 'video';
}

/** `GET /api/course-media`. */
export async function listCourseMedia(db: Executor): Promise<CourseMediaList> {
  const uploads = await listFinishedUploads(db, UPLOADS_LISTED);
  const { courseMedia } = await listBundledMedia();
  const files: CourseMediaFile[] = uploads.map((row) => ({
    name: row.fileName,
    kind: 'video',
    source: 'upload',
    originalName: row.originalName,
    size: row.size,
    uploadedAt: row.finishedAt.toISOString(),
  }));
  for (const file of courseMedia) {
    files.push({
      name: file.name,
      kind: kindOf(file.name),
      source: 'sample',
      originalName: null,
      size: null,
      uploadedAt: null,
    });
  }
  return { files };
}

/**
 * What a lesson's length becomes when it is given `videoUrl`, in the stored minutes: a shipped sample's
 * measured length, else 0 (not known) until a transcode measures an upload; never the admin's guess
 * (docs/behaviour/course-studio.md#lesson-media).
 */
export async function knownLengthOf(videoUrl: string | null): Promise<number> {
  const video = storedVideoOf(videoUrl);
  if (!video) return 0;
  const { sampleVideos } = await listBundledMedia();
  const sample = sampleVideos.find((entry) => entry.name === video);
  return sample ? Math.round(sample.seconds) / 60 : 0;
}
