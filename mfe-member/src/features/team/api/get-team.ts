/**
 * `GET /api/team` (course service; docs/behaviour/member-learning.md#team): the owner's seats with each
 * member's progress. A 401 reads as null, which the page turns into the sign-in page.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Team } from '@platform/contracts';
import { parsedQueryFnOrNull } from '@platform/ui';

export const TEAM_QUERY_KEY = ['/api/team'] as const;

export function useTeam(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: TEAM_QUERY_KEY,
      enabled,
      queryFn: parsedQueryFnOrNull<Team>((contracts) => contracts.TeamSchema),
    }),
  );
}
