/** One drip override for one learner, asking for the reason first (docs/behaviour/admin.md#learners). */
import type { DripOverrideAction } from '@platform/contracts';
import { useDripOverride } from '../api/admin-learners';
import { OVERRIDE_COPY } from '../lib/learners-copy';
import { ReasonDialog } from './reason-dialog';

const PATHS = { unlock_all: 'unlock-all', reset_progress: 'reset-progress' } as const;

export function OverrideDialog({
  userId,
  action,
  who,
}: {
  userId: string;
  action: DripOverrideAction;
  who: string;
}) {
  const override = useDripOverride(userId, PATHS[action]);
  return (
    <ReasonDialog
      id={`${action}-${userId}`}
      copy={OVERRIDE_COPY[action]}
      who={who}
      primary={action === 'unlock_all'}
      busy={override.isPending}
      submit={(request) => override.mutateAsync(request)}
    />
  );
}
