/** The files of lessons a visitor may open (free, or first of their section) in published courses. */
import type { Executor } from '@platform/service-kit/db';
import { listPublishedLessonMedia } from './catalogue.repository.js';
import { mediaFileName, openLessonIds } from './lesson-media.js';

export async function listOpenLessonFiles(db: Executor): Promise<Set<string>> {
  const lessons = await listPublishedLessonMedia(db);
  const open = openLessonIds(lessons);
  const files = new Set<string>();
  for (const lesson of lessons) {
    const file = open.has(lesson.id) ? mediaFileName(lesson.videoUrl) : null;
    if (file) files.add(file);
  }
  return files;
}
