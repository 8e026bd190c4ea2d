/**
 * `GET` and `POST /api/unsubscribe/:token?kind=` (docs/behaviour/member-learning.md#nudges): what an
 * e-mail's unsubscribe link stands for, and turning that kind off. No sign-in: the token is the proof.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NudgeKind, UnsubscribeState } from '@platform/contracts';
import { parsedQueryFn, requestParsed } from '@platform/ui';

const unsubscribeKey = (token: string, kind: string) =>
  ['/api/unsubscribe', `${token}?kind=${kind}`] as const;

export function useUnsubscribeState(token: string, kind: string) {
  return useQuery({
    queryKey: unsubscribeKey(token, kind),
    queryFn: parsedQueryFn<UnsubscribeState>((contracts) => contracts.UnsubscribeStateSchema),
    retry: false,
  });
}

export function useUnsubscribe(token: string, kind: NudgeKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<UnsubscribeState> =>
      requestParsed(
        'POST',
        `/api/unsubscribe/${token}?kind=${kind}`,
        undefined,
        (contracts) => contracts.UnsubscribeStateSchema,
      ),
    onSuccess: (state) => client.setQueryData(unsubscribeKey(token, kind), state),
  });
}
