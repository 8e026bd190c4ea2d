/** `PUT /api/modules/:id` (admin only): the section's title and settings; answers the section as stored. */
import { StudioSectionSchema } from '@platform/contracts';
import type { StudioSection, UpdateModuleRequest } from '@platform/contracts';
import { apiRequest } from '@platform/ui';
import { useOutlineChange } from './studio-keys';

export async function updateModule(moduleId: number, request: UpdateModuleRequest): Promise<StudioSection> {
  const response = await apiRequest('PUT', `/api/modules/${moduleId}`, request);
  return StudioSectionSchema.parse(await response.json());
}

export function useUpdateModule(courseId: number) {
  return useOutlineChange(
    courseId,
    ({ moduleId, request }: { moduleId: number; request: UpdateModuleRequest }) =>
      updateModule(moduleId, request),
    (list, section) => list?.map((item) => (item.id === section.id ? section : item)),
  );
}
