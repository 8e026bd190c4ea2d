/**
 * `POST /api/revenue-share-consent` (docs/behaviour/revenue-share.md#welcome-and-consent-page): records the
 * owner's plan with the baseline they stated; auth and course then make the account a member and enrol it
 * (events), so the pages read the user, the enrolments and the plan again before the dashboard opens.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  RevenuePlan,
  RevenueShareConsentRequestParsed,
  RevenueShareConsentResponse,
} from '@platform/contracts';
import { AUTH_USER_QUERY_KEY, requestParsed } from '@platform/ui';
import { ENROLLMENTS_QUERY_KEY } from '../../courses/api/get-courses';
import {
  MY_REVENUE_REPORTS_QUERY_KEY,
  readMyRevenueReportsNow,
} from '../../revenue-report/api/get-my-revenue-reports';

export async function consentToRevenueShare(
  request: RevenueShareConsentRequestParsed,
): Promise<RevenueShareConsentResponse> {
  return requestParsed(
    'POST',
    '/api/revenue-share-consent',
    request,
    (contracts) => contracts.RevenueShareConsentResponseSchema,
  );
}

/**
 * The owner's plan as the server has it now, or null (none, or no answer either): a consent whose answer
 * was lost on poor Wi-Fi may have been recorded. Read past the cache, so a failed read changes no page.
 */
export async function readRecordedPlan(): Promise<RevenuePlan | null> {
  return (await readMyRevenueReportsNow())?.plan ?? null;
}

export function useConsentToRevenueShare() {
  return useMutation({ mutationFn: consentToRevenueShare });
}

/** What consent changes elsewhere: refetched when the next page mounts. */
export function useForgetWhatConsentChanges(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ENROLLMENTS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: MY_REVENUE_REPORTS_QUERY_KEY }),
    ]);
  };
}
