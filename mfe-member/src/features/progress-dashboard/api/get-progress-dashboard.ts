/**
 * `GET /api/enrollments/dashboard` (docs/behaviour/member-learning.md#api-calls; docs/decisions.md, 51):
 * everything `/dashboard` shows in one read, asked for beside the user's. Its answer is also put where
 * `GET /api/enrollments`, `GET /api/courses/:id` and `GET /api/courses/:id/available-modules` keep theirs, so
 * the course view, the section-unlock notices and the other member pages read those entries as before, and
 * the writes that invalidate them (a lesson or section completed, an enrolment) still refresh the dashboard.
 * Its key lies under the enrolments' (`['/api/enrollments', 'dashboard']`): whatever makes the enrolments be
 * read again makes this be read again too. A 401 reads as null (signed out).
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ProgressDashboard } from '@platform/contracts';
import { parsedQueryFnOrNull } from '@platform/ui';
import { availableModulesQueryKey } from '../../courses/api/get-available-modules';
import { courseQuery } from '../../courses/api/get-course';
import { ENROLLMENTS_QUERY_KEY } from '../../courses/api/get-courses';

const readDashboard = parsedQueryFnOrNull((contracts) => contracts.ProgressDashboardSchema);

export const PROGRESS_DASHBOARD_QUERY_KEY = [...ENROLLMENTS_QUERY_KEY, 'dashboard'] as const;

/** Fills the entries of the three separate reads with what this one answered. */
function seedSeparateReads(client: QueryClient, dashboard: ProgressDashboard): void {
  client.setQueryData(ENROLLMENTS_QUERY_KEY, dashboard.enrollments);
  if (!dashboard.shown) return;
  const courseId = dashboard.shown.course.id;
  client.setQueryData(courseQuery(courseId, true).queryKey, dashboard.shown.course);
  client.setQueryData(availableModulesQueryKey(courseId), dashboard.shown.sections);
}

export function progressDashboardQuery(enabled: boolean) {
  return queryOptions({
    queryKey: PROGRESS_DASHBOARD_QUERY_KEY,
    enabled,
    queryFn: async (context): Promise<ProgressDashboard | null> => {
      const dashboard = await readDashboard(context);
      if (dashboard === null) return null;
      seedSeparateReads(context.client, dashboard);
      return dashboard;
    },
  });
}

export function useProgressDashboard(enabled: boolean) {
  return useQuery(progressDashboardQuery(enabled));
}
