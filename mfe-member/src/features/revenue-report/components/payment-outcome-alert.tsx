/**
 * What became of a share paid online, when the payment service sends the owner back here with
 * `?payment=<outcome>` (docs/behaviour/revenue-share.md#paying-a-share-online). Read once, then taken out
 * of the address so that a reload does not say it again.
 */
import { PAYMENT_OUTCOME_PARAM, readSharePaymentOutcome } from '@platform/contracts';
import type { SharePaymentOutcome } from '@platform/contracts';
import { Alert, AlertDescription, AlertTitle, Button } from '@platform/ui';
import { PAYMENT_OUTCOME_COPY } from '../lib/report-copy';
import { useOnceSearchParam } from './use-once-search-param';

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
    <Alert
      role={copy.tone === 'destructive' ? 'alert' : 'status'}
      variant={copy.tone}
      className="mt-8"
      data-testid="payment-outcome"
    >
      <AlertTitle>{copy.title}</AlertTitle>
      <AlertDescription>
        <p>{copy.text}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onDismiss}>
          Dismiss
        </Button>
      </AlertDescription>
    </Alert>
  );
}
