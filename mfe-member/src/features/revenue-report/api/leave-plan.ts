/**
 * `POST /api/revenue-share/leave { reason }` (docs/behaviour/revenue-share.md#leaving-the-programme): the
 * owner leaves the programme; a refusal carries the server's words. On success the plan and the reminders
 * are read again.
 */
import type { LeaveRevenueShareRequest, LeaveRevenueShareResponse } from '@platform/contracts';
import { requestParsed } from '@platform/ui';
import { useRevenueMutation } from './revenue-mutation';

export function leavePlan(request: LeaveRevenueShareRequest): Promise<LeaveRevenueShareResponse> {
  return requestParsed(
    'POST',
    '/api/revenue-share/leave',
    request,
    (contracts) => contracts.LeaveRevenueShareResponseSchema,
  );
}

export function useLeavePlan() {
  return useRevenueMutation(leavePlan);
}
