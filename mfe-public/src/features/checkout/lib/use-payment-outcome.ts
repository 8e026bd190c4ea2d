/**
 * `/checkout?payment=failed|cancelled`, where the payment service sends a buyer whose payment did not go
 * through: says what happened once (a reload or StrictMode's second effect says nothing more) and swaps the
 * address for the checkout this tab left from, whose form comes back from sessionStorage as typed. True
 * while that swap is under way, so the page does not flash the cart's checkout first.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@platform/ui';
import { PAYMENT_OUTCOME_MESSAGES, peekLeftCheckout, readReturnOutcome } from './checkout-return';

/** Location keys already handled in this page load. */
const handledReturns = new Set<string>();

export function usePaymentOutcome(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const outcome = readReturnOutcome(new URLSearchParams(location.search));

  useEffect(() => {
    if (!outcome || handledReturns.has(location.key)) return;
    handledReturns.add(location.key);
    const message = PAYMENT_OUTCOME_MESSAGES[outcome];
    toast({
      title: message.title,
      description: message.description,
      variant: outcome === 'failed' ? 'destructive' : 'default',
    });
    navigate({ pathname: location.pathname, search: peekLeftCheckout() ?? '' }, { replace: true });
  }, [outcome, location.key, location.pathname, navigate]);

  return outcome !== null;
}
