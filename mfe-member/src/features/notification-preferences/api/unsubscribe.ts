/**
 * `GET` and `POST /api/unsubscribe/:token?kind=` (docs/behaviour/member-learning.md#nudges): what an
 * e-mail's unsubscribe link stands for, and turning that kind off. No sign-in: the token is the proof.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NudgeKind, UnsubscribeState } from '@platform/contracts';
import { apiRequest, getQueryFn } from '@platform/ui';

const read = getQueryFn<unknown>({ on401: 'throw' });

const unsubscribeKey = (token: string, kind: string) =>
  ['/api/unsubscribe', `${token}?kind=${kind}`] as const;

export function useUnsubscribeState(token: string, kind: string) {
  return useQuery({
    queryKey: unsubscribeKey(token, kind),
    queryFn: async (context): Promise<UnsubscribeState> => {
      const [body, { UnsubscribeStateSchema }] = await Promise.all([
        read(context),
        import('@platform/contracts'),
      ]);
      return UnsubscribeStateSchema.parse(body);
    },
    retry: false,
  });
}

export function useUnsubscribe(token: string, kind: NudgeKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<UnsubscribeState> => {
      const response = await apiRequest('POST', `/api/unsubscribe/${token}?kind=${kind}`);
      const { UnsubscribeStateSchema } = await import('@platform/contracts');
      return UnsubscribeStateSchema.parse(await response.json());
    },
    onSuccess: (state) => client.setQueryData(unsubscribeKey(token, kind), state),
  });
}
