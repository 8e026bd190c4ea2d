/**
 * A Flexible Payments order's schedule on Orders & billing (docs/behaviour/checkout-and-payments.md#payment-plan):
 * the shared schedule, with the buyer's 'Pay the rest now', 'Change card' (the card page the revenue share
 * uses; nothing is charged) and, back from it with a new card while a payment is overdue, 'Pay the overdue
 * instalment now'.
 */
import type { MyOrder, PaymentPlan, SavedCardOutcome } from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';
import { Alert, AlertDescription, AlertTitle, ApiError, Button, toast } from '@platform/ui';
import { ButtonDialog, DialogActions } from '@platform/ui/dialog';
import { PaymentPlanSchedule as Schedule, isPlanRunning } from '@platform/ui/payment-plan-schedule';
import { useStartCardSetup } from '../../revenue-report/api/saved-card';
import { useDialogError } from '../lib/use-dialog-error';
import { usePayPlan } from '../api/orders';
import { CARD_OUTCOME_COPY, PLAN_COPY, overdueOf, overdueOffer } from '../lib/payment-plan-copy';

const serverMessageOr = (failure: unknown, fallback: string) =>
  failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : fallback;

function PayRestDialog({ order, plan }: { order: MyOrder; plan: PaymentPlan }) {
  const { open, setOpen, error, setError, onOpenChange } = useDialogError();
  const pay = usePayPlan('rest');
  const amount = formatMoney(plan.remaining);
  const onSubmit = async () => {
    try {
      await pay.mutateAsync(order.id);
      toast({ title: PLAN_COPY.paid, description: PLAN_COPY.paidDescription, variant: 'success' });
      setOpen(false);
    } catch (failure) {
      console.error('Paying the plan failed:', failure);
      setError(serverMessageOr(failure, PLAN_COPY.payFailed));
    }
  };
  return (
    <ButtonDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button>{`${PLAN_COPY.payRest} (${amount})`}</Button>}
      title={PLAN_COPY.payRest}
      description={PLAN_COPY.payRestDescription(amount)}
    >
      {() => (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
          className="grid gap-4"
        >
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogActions
            cancelLabel="Not now"
            busy={pay.isPending}
            label={PLAN_COPY.payRestConfirm(amount)}
            busyLabel={PLAN_COPY.paying}
          />
        </form>
      )}
    </ButtonDialog>
  );
}

function ChangeCardButton({ plan }: { plan: PaymentPlan }) {
  const setup = useStartCardSetup();
  // Stays busy after success: the browser is on its way to the card page.
  const opening = setup.isPending || setup.isSuccess;
  const open = async () => {
    try {
      const { url } = await setup.mutateAsync('orders');
      window.location.assign(url);
    } catch (failure) {
      console.error('Card setup failed:', failure);
      toast({ title: serverMessageOr(failure, PLAN_COPY.cardPageFailed), variant: 'destructive' });
    }
  };
  return (
    <Button type="button" size="sm" variant="outline" disabled={opening} onClick={() => void open()}>
      {opening ? PLAN_COPY.openingCard : plan.card ? PLAN_COPY.changeCard : PLAN_COPY.addCard}
    </Button>
  );
}

/** Back from the card page: what became of the card and, with a new one, the overdue payment's offer. */
function CardOutcome({
  order,
  plan,
  outcome,
}: {
  order: MyOrder;
  plan: PaymentPlan;
  outcome: SavedCardOutcome;
}) {
  const pay = usePayPlan('due');
  const copy = CARD_OUTCOME_COPY[outcome];
  const overdue = overdueOf(plan);
  const payDue = async () => {
    try {
      await pay.mutateAsync(order.id);
      toast({ title: PLAN_COPY.paidDue, description: PLAN_COPY.paidDueDescription, variant: 'success' });
    } catch (failure) {
      console.error('Paying the overdue instalment failed:', failure);
      toast({ title: serverMessageOr(failure, PLAN_COPY.payFailed), variant: 'destructive' });
    }
  };
  return (
    <Alert
      role={outcome === 'saved' ? 'status' : 'alert'}
      variant={outcome === 'failed' ? 'destructive' : 'default'}
      data-testid="plan-card-outcome"
    >
      <AlertTitle>{copy.title}</AlertTitle>
      <AlertDescription className="space-y-2">
        <p>{copy.text}</p>
        {outcome === 'saved' && overdue.numbers.length > 0 ? (
          <>
            <p>{overdueOffer(formatMoney(overdue.amount), overdue.numbers, plan.instalments.length)}</p>
            <Button type="button" size="sm" disabled={pay.isPending} onClick={() => void payDue()}>
              {pay.isPending ? PLAN_COPY.payingDue : PLAN_COPY.payDue}
            </Button>
          </>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

export function PaymentPlanSchedule({
  order,
  plan,
  cardOutcome,
}: {
  order: MyOrder;
  plan: PaymentPlan;
  /** How the card page sent the buyer back, if it just did. */
  cardOutcome: SavedCardOutcome | null;
}) {
  const running = isPlanRunning(plan);
  return (
    <Schedule
      plan={plan}
      notice={
        <>
          {running && cardOutcome ? <CardOutcome order={order} plan={plan} outcome={cardOutcome} /> : null}
          {plan.status === 'paused' ? <p className="text-destructive">{PLAN_COPY.paused}</p> : null}
        </>
      }
      actions={running && plan.remaining > 0 ? <PayRestDialog order={order} plan={plan} /> : null}
      cardAction={<ChangeCardButton plan={plan} />}
      footnote={<p className="text-muted-foreground">{PLAN_COPY.cardNote}</p>}
    />
  );
}
