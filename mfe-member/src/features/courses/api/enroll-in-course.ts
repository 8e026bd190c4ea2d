/**
 * 'Enroll Now': `POST /api/courses/:id/enroll` (no body) answers the Enrollment (201, or 200 when the
 * caller was already enrolled); 403 with the membership message for a non-member. On success every
 * course read is refetched, so the button becomes 'View Course'.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnrollCourseResponse } from '@platform/contracts';
import { ApiError, requestParsed, toast } from '@platform/ui';
import { COURSES_QUERY_KEY, ENROLLMENTS_QUERY_KEY } from './get-courses';

export async function enrollInCourse(courseId: number): Promise<EnrollCourseResponse> {
  return requestParsed(
    'POST',
    `/api/courses/${courseId}/enroll`,
    undefined,
    (contracts) => contracts.EnrollCourseResponseSchema,
  );
}

/** Enrols, says so in a toast either way, and refreshes the course reads. */
export function useEnrollInCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId }: { courseId: number; title: string }) => enrollInCourse(courseId),
    onSuccess: async (_enrollment, { courseId, title }) => {
      toast({
        title: 'Enrollment Successful',
        description: `You are now enrolled in ${title}.`,
        variant: 'success',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: COURSES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ENROLLMENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/courses', courseId] }),
      ]);
    },
    onError: (error) => {
      console.error('Enrollment failed:', error);
      // The server's words when it refused; a network failure says what the browser said.
      const message = error instanceof ApiError ? error.serverMessage : error.message;
      toast({
        title: 'Enrollment Failed',
        description: message || 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
