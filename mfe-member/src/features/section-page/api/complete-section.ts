/**
 * 'Mark Section Complete': `POST /api/modules/:id/complete` (JSON content type, empty object), which also
 * completes the section's remaining lessons. Success: the 'Section Completed' toast for 3 s and, 2 s later,
 * the dashboard. Failure: 'Error' with the server's message, or 'Failed to mark section as complete' (also
 * when the network fails).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, toast, toastFailure } from '@platform/ui';

export const SECTION_COMPLETED_TOAST_MS = 3000;
export const SECTION_COMPLETED_REDIRECT_MS = 2000;

export function useCompleteSection(moduleId: number, onCompleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', `/api/modules/${moduleId}/complete`, {});
    },
    onSuccess: async () => {
      toast({
        title: 'Section Completed',
        description: 'Great job! This section has been marked as complete.',
        duration: SECTION_COMPLETED_TOAST_MS,
      });
      onCompleted();
      // Marking the section completes its remaining lessons too (docs/decisions.md, 46): read them again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/modules', moduleId] }),
        queryClient.invalidateQueries({ queryKey: ['/api/lessons'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/courses'] }),
      ]);
    },
    onError: (error) => toastFailure(error, 'Error', 'Failed to mark section as complete'),
  });
}
