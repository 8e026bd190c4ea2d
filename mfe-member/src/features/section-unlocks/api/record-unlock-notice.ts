/** `POST /api/modules/:id/unlock-notice` (no body, 204): the member has been told this section opened. */
import { apiRequest } from '@platform/ui';

export async function recordUnlockNotice(moduleId: number): Promise<void> {
  await apiRequest('POST', `/api/modules/${moduleId}/unlock-notice`);
}
