/**
 * 'Leave the program' on the dashboard's revenue-share card
 * (docs/behaviour/revenue-share.md#leaving-the-programme): a dialog saying what stays owed, asking why; once left, the card says since when.
 */
import {
  LEAVE_REASON_MAX,
  LeaveRevenueShareRequestSchema,
  leaveConsequences,
  REVENUE_LEAVE_MESSAGES,
  type RevenuePlan,
} from '@platform/contracts';
import { formatDate, formatMoney } from '@platform/contracts/format';
import { Button } from '@platform/ui';
import { ButtonDialog } from '@platform/ui/dialog';
import { useLeavePlan } from '../../revenue-report/api/leave-plan';
import { ReasonForm } from '../../revenue-report/components/reason-form';

function LeaveForm({ onDone }: { onDone: () => void }) {
  const leave = useLeavePlan();
  return (
    <ReasonForm
      id="leave-reason"
      schema={LeaveRevenueShareRequestSchema}
      label={REVENUE_LEAVE_MESSAGES.reasonLabel}
      max={LEAVE_REASON_MAX}
      submitLabel={REVENUE_LEAVE_MESSAGES.confirm}
      busyLabel={REVENUE_LEAVE_MESSAGES.leaving}
      submit={(request) => leave.mutateAsync(request)}
      successTitle={REVENUE_LEAVE_MESSAGES.leftTitle}
      failed={REVENUE_LEAVE_MESSAGES.failed}
      onDone={onDone}
    />
  );
}

export function LeaveProgram({ plan }: { plan: RevenuePlan }) {
  if (plan.leftAt) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="revenue-left">
        You left the program on {formatDate(plan.leftAt)}. What you owe stays owed.
      </p>
    );
  }
  return (
    <ButtonDialog
      trigger={
        <Button variant="outline" data-testid="leave-program">
          {REVENUE_LEAVE_MESSAGES.button}
        </Button>
      }
      title={REVENUE_LEAVE_MESSAGES.dialogTitle}
      description={leaveConsequences(formatMoney(plan.amountOwed))}
    >
      {(close) => <LeaveForm onDone={close} />}
    </ButtonDialog>
  );
}
