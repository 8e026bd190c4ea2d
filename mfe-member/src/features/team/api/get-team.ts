/**
 * `GET /api/team` (course service; docs/behaviour/member-learning.md#team): the owner's seats with each
 * member's progress. A 401 reads as null, which the page turns into the sign-in page.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Team } from '@platform/contracts';
import { getQueryFn } from '@platform/ui';

export const TEAM_QUERY_KEY = ['/api/team'] as const;

const readOrNull = getQueryFn<unknown>({ on401: 'returnNull' });

export function useTeam(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: TEAM_QUERY_KEY,
      enabled,
      queryFn: async (context): Promise<Team | null> => {
        const [body, { TeamSchema }] = await Promise.all([
          readOrNull(context),
          import('@platform/contracts'),
        ]);
        return body === null ? null : TeamSchema.parse(body);
      },
    }),
  );
}
