/**
 * 'Ask for a refund' on an order inside the guarantee: a dialog asking why (required), then the refund
 * through the provider that took the payment. The server's refusal shows in the dialog.
 */
import { useId, useState, type FormEvent } from 'react';
import { MY_ORDER_MESSAGES, type MyOrder } from '@platform/contracts';
import { formatMoney } from '@platform/contracts/format';
import { ApiError, AsyncForm, Button, FormField, Textarea, toast } from '@platform/ui';
import { ButtonDialog, DialogActions } from '@platform/ui/dialog';
import { useDialogError } from '../lib/use-dialog-error';
import { useRequestRefund } from '../api/orders';
import { ORDERS_COPY } from '../lib/order-display';
import { paidOn } from '../lib/payment-plan-copy';

export function RefundDialog({ order }: { order: MyOrder }) {
  const id = useId();
  const { open, setOpen, error, setError, onOpenChange } = useDialogError();
  const [reason, setReason] = useState('');
  const refund = useRequestRefund();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(MY_ORDER_MESSAGES.reasonRequired);
      return;
    }
    try {
      await refund.mutateAsync({ orderId: order.id, reason });
      toast({
        title: ORDERS_COPY.refunded,
        description: `${formatMoney(paidOn(order))} for order ${order.number} goes back to you; an e-mail confirms it.`,
        variant: 'success',
      });
      setOpen(false);
    } catch (failure) {
      console.error('Refund request failed:', failure);
      setError(
        failure instanceof ApiError && failure.serverMessage
          ? failure.serverMessage
          : ORDERS_COPY.refundFailed,
      );
    }
  };

  return (
    <ButtonDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button variant="outline">{ORDERS_COPY.refundTitle}</Button>}
      title={ORDERS_COPY.refundTitle}
      description={`Order ${order.number}: ${formatMoney(paidOn(order))} back in full. Your access to what it bought ends.`}
    >
      {() => (
        <AsyncForm onSubmit={onSubmit} className="grid gap-4">
          <FormField
            id={`${id}-reason`}
            label={ORDERS_COPY.refundLabel}
            error={error ?? undefined}
            hint={ORDERS_COPY.refundHint}
          >
            {(aria) => (
              <Textarea
                {...aria}
                value={reason}
                maxLength={500}
                rows={4}
                onChange={(event) => {
                  setReason(event.target.value);
                  setError(null);
                }}
              />
            )}
          </FormField>
          <DialogActions
            cancelLabel="Keep my order"
            variant="destructive"
            busy={refund.isPending}
            label={`Refund ${formatMoney(paidOn(order))}`}
            busyLabel="Refunding…"
          />
        </AsyncForm>
      )}
    </ButtonDialog>
  );
}
