/** `PUT /api/lessons/:id/video` (admin only): the lesson's fields; answers the lesson as stored. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StudioLessonSchema } from '@platform/contracts';
import type { StudioLesson, StudioSectionList, UpdateLessonRequest } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { refreshCourseReaders, studioSectionsKey } from './studio-keys';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, request }: { lessonId: number; request: UpdateLessonRequest }) =>
      updateLesson(lessonId, request),
    onSuccess: (lesson) => {
      queryClient.setQueryData<StudioSectionList>(studioSectionsKey(courseId), (list) =>
        replaceLesson(list, lesson),
      );
      void refreshCourseReaders(queryClient, courseId);
    },
  });
}
