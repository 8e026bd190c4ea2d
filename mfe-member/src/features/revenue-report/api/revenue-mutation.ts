/** An owner's change to their revenue share: once it settles, the plan, the reports and the reminders are read again. */
import { useRefreshingMutation } from '@platform/ui';
import { MY_REMINDERS_QUERY_KEY } from './get-my-reminders';
import { MY_REVENUE_REPORTS_QUERY_KEY } from './get-my-revenue-reports';

export function useRevenueMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  return useRefreshingMutation(mutationFn, {
    refreshes: [MY_REVENUE_REPORTS_QUERY_KEY, MY_REMINDERS_QUERY_KEY],
  });
}
