/** An owner's change to their revenue share: once it settles, the plan, the reports and the reminders are read again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MY_REMINDERS_QUERY_KEY } from './get-my-reminders';
import { MY_REVENUE_REPORTS_QUERY_KEY } from './get-my-revenue-reports';

export function useRevenueMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all(
        [MY_REVENUE_REPORTS_QUERY_KEY, MY_REMINDERS_QUERY_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
