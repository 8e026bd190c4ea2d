/**
 * The membership page's payment step (docs/decisions.md, 23): the chosen plan, Credit Card
 * and PayPal tabs, 'Change Plan', and, only while the built-in test provider is active, 'Simulate
 * Successful Payment'.
 *
 * The purchase goes through the payment service: each tab continues to the checkout of the plan's own
 * product, priced by the server. Plans are not sold as subscriptions yet (Stripe subscriptions are not
 * built): one payment buys the first period, and the step says so plainly.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  AUTH_USER_QUERY_KEY,
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  ButtonLink,
  Skeleton,
  TitledCard,
  toast,
  usePaymentProviders,
} from '@platform/ui';
import { formatMoney } from '@platform/contracts/format';
import type { AuthUser } from '@platform/ui';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@platform/ui/tabs';
import { simulateTestPayment } from '../api/simulate-test-payment';
import { getPlanCheckoutPath, getRenewalNote } from '../lib/membership-plans';
import type { MembershipPlan } from '../lib/membership-plans';

/** Spec: the dashboard follows the success toast after 1.5 s. */
const AFTER_PAYMENT_DELAY_MS = 1500;

type PaymentStepProps = { plan: MembershipPlan; user: AuthUser; onChangePlan: () => void };

export function PaymentStep({ plan, user, onChangePlan }: PaymentStepProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const providers = usePaymentProviders();
  const [isSimulating, setIsSimulating] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The step replaced the plan list: keyboard and screen-reader users continue from its heading.
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const simulate = async () => {
    setIsSimulating(true);
    try {
      const result = await simulateTestPayment(user, plan);
      if (!result.success) throw new Error(result.message);
      toast({
        title: 'Payment Successful',
        description: `Your ${plan.name} membership is now active.`,
        variant: 'success',
      });
      timer.current = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
        navigate('/member/dashboard');
      }, AFTER_PAYMENT_DELAY_MS);
    } catch (error) {
      console.error('Simulated payment failed:', error);
      toast({
        title: 'Payment Failed',
        description: 'There was an error processing your payment. Please try again.',
        variant: 'destructive',
      });
      setIsSimulating(false);
    }
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight outline-hidden sm:text-3xl"
        >
          Complete Your Membership
        </h1>
        <Button variant="outline" onClick={onChangePlan} disabled={isSimulating}>
          Change Plan
        </Button>
      </div>

      <TitledCard
        data-testid="selected-plan"
        titleClassName="text-lg"
        title={<>{plan.name} plan</>}
        contentClassName="space-y-2"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p>
            <span className="text-2xl font-bold tabular-nums">{formatMoney(plan.price)}</span>{' '}
            <span className="text-sm text-muted-foreground">per {plan.period}</span>
          </p>
          {plan.savings ? <p className="text-sm font-medium text-success">{plan.savings}</p> : null}
        </div>
        <p className="text-sm" data-testid="plan-renewal-note">
          {getRenewalNote(plan, providers.data?.card)}
        </p>
      </TitledCard>

      <TitledCard titleClassName="text-lg" title="Payment Method">
        <Tabs defaultValue="card">
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="card">Credit Card</TabsTrigger>
            <TabsTrigger value="paypal">PayPal</TabsTrigger>
          </TabsList>
          <TabsContent value="card" className="space-y-4 pt-3">
            <p className="text-sm text-muted-foreground">
              Pay by card on our secure checkout. Your card details go straight to the payment provider and
              are never stored here.
            </p>
            <ButtonLink to={getPlanCheckoutPath(plan, 'card')} size="lg" className="w-full">
              Continue to Secure Checkout
            </ButtonLink>
          </TabsContent>
          <TabsContent value="paypal" className="space-y-4 pt-3">
            <p className="text-sm text-muted-foreground">
              Pay with your PayPal account. You approve the payment on PayPal and come straight back.
            </p>
            <ButtonLink to={getPlanCheckoutPath(plan, 'paypal')} size="lg" className="w-full">
              Continue with PayPal
            </ButtonLink>
          </TabsContent>
        </Tabs>
        <p className="mt-4 text-xs text-muted-foreground">
          The checkout shows the {formatMoney(plan.price)} you pay, with our 30-day money-back guarantee.
        </p>
      </TitledCard>

      {providers.isPending ? <Skeleton className="h-24 w-full" /> : null}
      {providers.data?.testMode ? (
        <Alert role="status" data-testid="test-mode-simulate">
          <AlertTitle>Test mode</AlertTitle>
          <AlertDescription>
            <p>The built-in test payment provider is active: no real money is charged.</p>
            <Button
              variant="secondary"
              className="mt-3"
              disabled={isSimulating}
              onClick={() => void simulate()}
            >
              {isSimulating ? 'Processing...' : 'Simulate Successful Payment'}
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
