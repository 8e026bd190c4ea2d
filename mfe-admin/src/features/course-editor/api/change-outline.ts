/**
 * The studio's changes of the outline (admin only): add and delete sections and lessons, and reorder
 * them (`PUT /api/courses/:id/modules/order`, `PUT /api/modules/:id/lessons/order`, which answer the whole
 * outline). A new order shows at once and goes back if the server refuses it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StudioLessonSchema, StudioSectionListSchema, StudioSectionSchema } from '@platform/contracts';
import type {
  CreateLessonRequest,
  CreateModuleRequest,
  StudioLesson,
  StudioSection,
  StudioSectionList,
} from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { refreshCourseReaders, studioSectionsKey, useOutlineChange } from './studio-keys';

/**
 * The list with `item` at the end, or in its place when the list shows it already: an addition sent again
 * after a lost answer answers what the outline may have read meanwhile.
 */
function putItem<T extends { id: number }>(list: T[], item: T): T[] {
  return list.some((other) => other.id === item.id)
    ? list.map((other) => (other.id === item.id ? item : other))
    : [...list, item];
}

export function useCreateModule(courseId: number) {
  return useOutlineChange(
    courseId,
    async (request: CreateModuleRequest): Promise<StudioSection> => {
      const response = await apiRequest('POST', `/api/courses/${courseId}/modules`, request);
      return StudioSectionSchema.parse(await response.json());
    },
    (list, section) => list && putItem(list, section),
  );
}

export function useCreateLesson(courseId: number) {
  return useOutlineChange(
    courseId,
    async ({
      moduleId,
      request,
    }: {
      moduleId: number;
      request: CreateLessonRequest;
    }): Promise<StudioLesson> => {
      const response = await apiRequest('POST', `/api/modules/${moduleId}/lessons`, request);
      return StudioLessonSchema.parse(await response.json());
    },
    (list, lesson) =>
      list?.map((section) =>
        section.id === lesson.moduleId ? { ...section, lessons: putItem(section.lessons, lesson) } : section,
      ),
  );
}

/** `DELETE <collection>/:id`, answering the id so the outline can drop it. */
async function deleteById(collection: '/api/modules' | '/api/lessons', id: number): Promise<number> {
  await apiRequest('DELETE', `${collection}/${id}`);
  return id;
}

export function useDeleteModule(courseId: number) {
  return useOutlineChange(
    courseId,
    (moduleId: number) => deleteById('/api/modules', moduleId),
    (list, moduleId) => list?.filter((section) => section.id !== moduleId),
  );
}

export function useDeleteLesson(courseId: number) {
  return useOutlineChange(
    courseId,
    (lessonId: number) => deleteById('/api/lessons', lessonId),
    (list, lessonId) =>
      list?.map((section) => ({
        ...section,
        lessons: section.lessons.filter((lesson) => lesson.id !== lessonId),
      })),
  );
}

type Reorder =
  { kind: 'sections'; moduleIds: number[] } | { kind: 'lessons'; moduleId: number; lessonIds: number[] };

/** The outline as it looks once the new order is applied (before the server says so). */
export function applyReorder(list: StudioSectionList, change: Reorder): StudioSectionList {
  if (change.kind === 'sections') {
    const byId = new Map(list.map((section) => [section.id, section]));
    return change.moduleIds.flatMap((id) => {
      const section = byId.get(id);
      return section ? [section] : [];
    });
  }
  const lessons = new Map(list.flatMap((section) => section.lessons).map((lesson) => [lesson.id, lesson]));
  const moving = new Set(change.lessonIds);
  return list.map((section) => {
    if (section.id === change.moduleId) {
      return {
        ...section,
        lessons: change.lessonIds.flatMap((id) => {
          const lesson = lessons.get(id);
          return lesson ? [{ ...lesson, moduleId: section.id }] : [];
        }),
      };
    }
    return { ...section, lessons: section.lessons.filter((lesson) => !moving.has(lesson.id)) };
  });
}

export function useReorder(courseId: number) {
  const queryClient = useQueryClient();
  const key = studioSectionsKey(courseId);
  return useMutation({
    mutationFn: async (change: Reorder): Promise<StudioSectionList> => {
      const response =
        change.kind === 'sections'
          ? await apiRequest('PUT', `/api/courses/${courseId}/modules/order`, { moduleIds: change.moduleIds })
          : await apiRequest('PUT', `/api/modules/${change.moduleId}/lessons/order`, {
              lessonIds: change.lessonIds,
            });
      return StudioSectionListSchema.parse(await response.json());
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<StudioSectionList>(key);
      if (previous) queryClient.setQueryData(key, applyReorder(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (list) => {
      queryClient.setQueryData(key, list);
      void refreshCourseReaders(queryClient, courseId);
    },
  });
}
