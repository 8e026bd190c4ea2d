/** A change after which the reads it makes stale are fetched again (`invalidateQueries` on each key). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';

export type RefreshingMutationSettings = {
  /** The reads the change makes stale: each key's entries, and those under it, are fetched again. */
  refreshes: readonly QueryKey[];
  /** `'settled'` (the default): after a refusal too, which may follow a partial change; `'success'`: only then. */
  after?: 'settled' | 'success';
};

/** A change whose reads are fetched again once it settles (or succeeds); the mutation waits for them. */
export function useRefreshingMutation<Answer, Variables = void>(
  mutationFn: (variables: Variables) => Promise<Answer>,
  { refreshes, after = 'settled' }: RefreshingMutationSettings,
) {
  const client = useQueryClient();
  const refresh = () => Promise.all(refreshes.map((queryKey) => client.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    onSettled: after === 'settled' ? refresh : undefined,
    onSuccess: after === 'success' ? refresh : undefined,
  });
}
