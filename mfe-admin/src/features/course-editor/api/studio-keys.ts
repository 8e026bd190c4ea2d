/**
 * The studio's cache entries, and what a change makes stale elsewhere: the public course page, the
 * catalogue and every member read share the shell's one query client, so a change shows there at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { StudioSectionList } from '@platform/contracts';

export function studioSectionsKey(courseId: number) {
  return ['/api/courses', courseId, 'modules'] as const;
}

const FOLLOWERS = new Set([
  '/api/course-preview',
  '/api/courses',
  '/api/modules',
  '/api/lessons',
  '/api/products',
  '/api/enrollments',
]);

/** Marks every public and member read of the course stale (refetched when next shown); not the studio's. */
export function refreshCourseReaders(queryClient: QueryClient, courseId: number): Promise<void> {
  const studio = studioSectionsKey(courseId);
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [head, id, tail] = query.queryKey;
      if (head === studio[0] && id === studio[1] && tail === studio[2]) return false;
      return typeof head === 'string' && FOLLOWERS.has(head);
    },
  });
}

/**
 * A change of the outline as a mutation: on success its answer is written into the studio's outline at once
 * (`apply`) and every public and member read of the course is marked stale.
 */
export function useOutlineChange<Variables, Answer>(
  courseId: number,
  mutationFn: (variables: Variables) => Promise<Answer>,
  apply: (list: StudioSectionList | undefined, answer: Answer) => StudioSectionList | undefined,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      queryClient.setQueryData<StudioSectionList>(studioSectionsKey(courseId), (list) => apply(list, answer));
      void refreshCourseReaders(queryClient, courseId);
    },
  });
}
