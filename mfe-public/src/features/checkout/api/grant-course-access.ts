/**
 * `POST /api/grant-course-access` (docs/behaviour/checkout-and-payments.md#order-confirmation): the
 * confirmation page asks the server to fulfil the order. The server's refusals that still describe the
 * order (402 while it is not paid, 409 for a mismatched amount) come back as answers with `success: false`;
 * anything else (404 unknown session, no answer) rejects with the ApiError.
 */
import type { GrantCourseAccessRequest, GrantCourseAccessResponse } from '@platform/contracts';
import { ApiError, apiRequest } from '@platform/ui';

export async function grantCourseAccess(
  request: GrantCourseAccessRequest,
): Promise<GrantCourseAccessResponse> {
  const { GrantCourseAccessResponseSchema } = await import('@platform/contracts');
  try {
    const response = await apiRequest('POST', '/api/grant-course-access', request);
    return GrantCourseAccessResponseSchema.parse(await response.json());
  } catch (error) {
    if (error instanceof ApiError && (error.status === 402 || error.status === 409)) {
      const answer = GrantCourseAccessResponseSchema.safeParse(error.body);
      if (answer.success) return answer.data;
    }
    throw error;
  }
}
