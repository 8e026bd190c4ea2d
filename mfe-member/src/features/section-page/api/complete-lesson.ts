/**
 * 'Complete Lesson' on a lesson card: `POST /api/lessons/:id/complete`, then the section's lesson list,
 * the section (its completion follows its lessons) and the course's section list are read again.
 * Toasts as docs/behaviour/member-learning.md#messages writes them.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, toast } from '@platform/ui';

export function useCompleteLesson(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lessonId: number) => {
      await apiRequest('POST', `/api/lessons/${lessonId}/complete`);
    },
    onSuccess: async (_data, lessonId) => {
      toast({ title: 'Progress Saved', description: 'This lesson has been marked as completed.' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/modules', moduleId] }),
        queryClient.invalidateQueries({ queryKey: ['/api/lessons', String(lessonId)] }),
        queryClient.invalidateQueries({ queryKey: ['/api/courses'] }),
      ]);
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to mark lesson as completed' });
    },
  });
}
