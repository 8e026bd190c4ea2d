/**
 * 'Pay now' on a verified share (docs/decisions.md, 28): asks the payment service for a checkout of this
 * report and opens the provider's page; a refusal shows the server's words.
 */
import { REVENUE_REPORT_MESSAGES, SHARE_CHECKOUT_MESSAGES } from '@platform/contracts';
import { ApiError, Button, toast } from '@platform/ui';
import { useStartShareCheckout } from '../api/start-share-checkout';
import { HISTORY } from '../lib/report-copy';
import { describeCheckoutFailure } from '../lib/report-failure';
import type { ReportRow } from '../lib/report-history';

export function PayNowButton({ row }: { row: ReportRow }) {
  const checkout = useStartShareCheckout();
  // Stays busy after success: the browser is on its way to the provider's page.
  const busy = checkout.isPending || checkout.isSuccess;

  const pay = async () => {
    try {
      const { url } = await checkout.mutateAsync(row.id);
      window.location.assign(url);
    } catch (error) {
      console.error('Share checkout failed:', error);
      toast({
        title: REVENUE_REPORT_MESSAGES.failedTitle,
        description: describeCheckoutFailure(error instanceof ApiError ? error.toFailure() : null),
        variant: 'destructive',
      });
    }
  };

  return (
    <Button type="button" size="sm" disabled={busy} onClick={() => void pay()} data-testid="pay-now">
      {busy ? HISTORY.starting : SHARE_CHECKOUT_MESSAGES.payNow}
      <span className="sr-only">
        {' '}
        {row.amountDue} for {row.period}
      </span>
    </Button>
  );
}
