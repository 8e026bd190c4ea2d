/**
 * 'Mark as Completed': `POST /api/lessons/:id/complete` (no payload). Afterwards the lesson and its
 * section's lesson list are read again, with the toasts of docs/behaviour/member-learning.md#messages.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, toast } from '@platform/ui';

export function useMarkLessonCompleted(lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', `/api/lessons/${lessonId}/complete`);
    },
    onSuccess: async () => {
      toast({ title: 'Progress Saved', description: 'This lesson has been marked as completed.' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/lessons', lessonId] }),
        queryClient.invalidateQueries({ queryKey: ['/api/modules'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/courses'] }),
      ]);
    },
    onError: () => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to mark lesson as completed' });
    },
  });
}
