/**
 * `GET /api/team` (course service; docs/behaviour/member-learning.md#team): the owner's seats with each
 * member's progress. A 401 reads as null, which the page turns into the sign-in page.
 */
import { defineSignedInQuery } from '@platform/ui';

const team = defineSignedInQuery(['/api/team'], (contracts) => contracts.TeamSchema);

export const TEAM_QUERY_KEY = team.queryKey;
export const useTeam = team.use;
