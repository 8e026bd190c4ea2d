/** `POST /api/grant-course-access` (spec §7): the confirmation page asks the server to fulfil the order. */
import type { GrantCourseAccessRequest, GrantCourseAccessResponse } from '@platform/contracts';
import { apiRequest } from '@platform/ui';

export async function grantCourseAccess(
  request: GrantCourseAccessRequest,
): Promise<GrantCourseAccessResponse> {
  const [response, { GrantCourseAccessResponseSchema }] = await Promise.all([
    apiRequest('POST', '/api/grant-course-access', request),
    import('@platform/contracts'),
  ]);
  return GrantCourseAccessResponseSchema.parse(await response.json());
}
