/**
 * What became of a share paid online, when the payment service sends the owner back here with
 * `?payment=<outcome>` (docs/behaviour/revenue-share.md#paying-a-share-online). Read once, then taken out
 * of the address so that a reload does not say it again.
 */
import { PAYMENT_OUTCOME_PARAM, readSharePaymentOutcome } from '@platform/contracts';
import type { SharePaymentOutcome } from '@platform/contracts';
import { useOnceSearchParam } from '@platform/ui';
import { PAYMENT_OUTCOME_COPY } from '../lib/report-copy';
import { OutcomeAlert } from './outcome-alert';

/** The outcome in the address when the page opened; the address loses it. */
export function usePaymentOutcome(): [SharePaymentOutcome | null, () => void] {
  return useOnceSearchParam(PAYMENT_OUTCOME_PARAM, readSharePaymentOutcome);
}

export function PaymentOutcomeAlert({
  outcome,
  onDismiss,
}: {
  outcome: SharePaymentOutcome;
  onDismiss: () => void;
}) {
  const copy = PAYMENT_OUTCOME_COPY[outcome];
  return (
    <OutcomeAlert
      title={copy.title}
      text={copy.text}
      role={copy.tone === 'destructive' ? 'alert' : 'status'}
      variant={copy.tone}
      onDismiss={onDismiss}
      className="mt-8"
      testId="payment-outcome"
    />
  );
}
