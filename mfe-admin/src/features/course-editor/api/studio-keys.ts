/**
 * The studio's cache entries, and what a change makes stale elsewhere: the public course page, the
 * catalogue and every member read share the shell's one query client, so a change shows there at once.
 */
import type { QueryClient } from '@tanstack/react-query';

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
