/**
 * `/membership` (docs/behaviour/checkout-and-payments.md#membership-page; docs/decisions.md, 23): signed-out
 * visitors go to /login; members see the 'already a member' card; others pick a plan, then pay.
 */
import { useEffect, useRef, useState } from 'react';
import { LoadingPlaceholder, Skeleton, SkeletonRows } from '@platform/ui';
import { MEMBERSHIP_PLANS, findMembershipPlan } from '../lib/membership-plans';
import type { MembershipPlanId } from '../lib/membership-plans';
import { AlreadyMemberCard } from './already-member-card';
import { PaymentStep } from './payment-step';
import { PlanCard } from './plan-card';
import { ToLogin, useMemberPage } from '../../../components/member-page-gate';

function PlanList({ onSelect }: { onSelect: (plan: MembershipPlanId) => void }) {
  return (
    <>
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Choose Your Membership</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Full access to Restaurant Management Mastery, one new section every day.
        </p>
      </header>
      <div className="mt-12 grid gap-8 md:grid-cols-3 md:gap-6">
        {MEMBERSHIP_PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} onSelect={() => onSelect(plan.id)} />
        ))}
      </div>
    </>
  );
}

export function MembershipPage() {
  const { user, isLoading, redirectToLogin, signedOutHere } = useMemberPage('Membership');
  const [planId, setPlanId] = useState<MembershipPlanId | null>(null);
  const lastPlan = useRef<MembershipPlanId | null>(null);
  const plan = findMembershipPlan(planId);

  // Back from the payment step: focus returns to the plan the member had picked.
  useEffect(() => {
    if (plan || !lastPlan.current) return;
    document.querySelector<HTMLElement>(`[data-testid="plan-${lastPlan.current}"] button`)?.focus();
  }, [plan]);

  if (isLoading) {
    return (
      <LoadingPlaceholder className="mx-auto w-full max-w-6xl px-4 py-10">
        <Skeleton className="mx-auto h-10 w-72" />
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          <SkeletonRows count={3} className="h-96" />
        </div>
      </LoadingPlaceholder>
    );
  }
  if (redirectToLogin) return <ToLogin />;
  if (signedOutHere || !user) return null; // signing out here: the logout flow goes to /

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      {user.isMember ? (
        <AlreadyMemberCard status={user.subscriptionStatus} />
      ) : plan ? (
        <PaymentStep plan={plan} user={user} onChangePlan={() => setPlanId(null)} />
      ) : (
        <PlanList
          onSelect={(id) => {
            lastPlan.current = id;
            setPlanId(id);
          }}
        />
      )}
    </div>
  );
}
