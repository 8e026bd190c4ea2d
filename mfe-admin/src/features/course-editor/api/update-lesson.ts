/** `PUT /api/lessons/:id/video` (admin only): the lesson's fields; answers the lesson as stored. */
import { StudioLessonSchema } from '@platform/contracts';
import type { StudioLesson, StudioSectionList, UpdateLessonRequest } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { useOutlineChange } from './studio-keys';

export async function updateLesson(lessonId: number, request: UpdateLessonRequest): Promise<StudioLesson> {
  const response = await apiRequest('PUT', `/api/lessons/${lessonId}/video`, request);
  return StudioLessonSchema.parse(await response.json());
}

export function replaceLesson(list: StudioSectionList | undefined, lesson: StudioLesson) {
  return list?.map((section) =>
    section.id === lesson.moduleId
      ? { ...section, lessons: section.lessons.map((item) => (item.id === lesson.id ? lesson : item)) }
      : section,
  );
}

export function useUpdateLesson(courseId: number) {
  return useOutlineChange(
    courseId,
    ({ lessonId, request }: { lessonId: number; request: UpdateLessonRequest }) =>
      updateLesson(lessonId, request),
    replaceLesson,
  );
}
