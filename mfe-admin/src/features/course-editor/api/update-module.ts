/** `PUT /api/modules/:id` (admin only): the section's title and settings; answers the section as stored. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StudioSectionSchema } from '@platform/contracts';
import type { StudioSection, StudioSectionList, UpdateModuleRequest } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { refreshCourseReaders, studioSectionsKey } from './studio-keys';

export async function updateModule(moduleId: number, request: UpdateModuleRequest): Promise<StudioSection> {
  const response = await apiRequest('PUT', `/api/modules/${moduleId}`, request);
  return StudioSectionSchema.parse(await response.json());
}

export function useUpdateModule(courseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ moduleId, request }: { moduleId: number; request: UpdateModuleRequest }) =>
      updateModule(moduleId, request),
    onSuccess: (section) => {
      queryClient.setQueryData<StudioSectionList>(studioSectionsKey(courseId), (list) =>
        list?.map((item) => (item.id === section.id ? section : item)),
      );
      void refreshCourseReaders(queryClient, courseId);
    },
  });
}
