/**
 * `/pricing` (docs/behaviour/checkout-and-payments.md#pricing-page): three programmes, each with its
 * agreement checkbox and a link to its terms (/terms). Proceeding unticked says so under the box; ticked, a paid programme goes to its checkout
 * (no account needed), and the premium programme to its welcome page, signing up first when signed out
 * with the plan kept in storage.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HydrateLater, SITE_NAME, useAuth, useDocumentTitle } from '@platform/ui';
import { ShieldCheckIcon } from 'lucide-react';
import {
  PENDING_PLAN_FROM_LOGIN_KEY,
  PENDING_PLAN_KEY,
  PRICING_AGREEMENT_MESSAGE,
  PROGRAMMES,
  decideProceed,
  findPendingProgramme,
} from '../lib/pricing-programmes';
import type { ProgrammeId } from '../lib/pricing-programmes';
import { ProgrammeCard } from './programme-card';

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writePendingPlan(plan: ProgrammeId | null) {
  try {
    if (plan) localStorage.setItem(PENDING_PLAN_KEY, plan);
    else {
      localStorage.removeItem(PENDING_PLAN_KEY);
      localStorage.removeItem(PENDING_PLAN_FROM_LOGIN_KEY);
    }
  } catch {
    // A pending plan is a convenience; the visitor can pick again after signing up.
  }
}

export function PricingPage() {
  useDocumentTitle(`Pricing | ${SITE_NAME}`);
  const navigate = useNavigate();
  const { isAuthenticated, isLoading } = useAuth();
  const [agreed, setAgreed] = useState<Record<ProgrammeId, boolean>>({
    self_implementation: false,
    revenue_share: false,
    flexible_payments: false,
  });
  // The card whose button was pressed unticked: it says so under its checkbox until ticked.
  const [needsAgreement, setNeedsAgreement] = useState<ProgrammeId | null>(null);
  const checkboxes = useRef(new Map<ProgrammeId, HTMLButtonElement>());
  // Back from sign-up with a plan picked before: that card is marked.
  const [selected] = useState(() => findPendingProgramme(readStorage(PENDING_PLAN_KEY)));

  useEffect(() => {
    if (selected && isAuthenticated) {
      checkboxes.current.get(selected)?.scrollIntoView({ block: 'center' });
    }
  }, [selected, isAuthenticated]);

  const proceed = (programme: ProgrammeId) => {
    const decision = decideProceed(programme, agreed[programme], isAuthenticated);
    if (decision.kind === 'agree-first') {
      setNeedsAgreement(programme);
      checkboxes.current.get(programme)?.focus();
      return;
    }
    writePendingPlan(decision.pendingPlan);
    navigate(decision.to);
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Choose Your Program</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Three ways to transform your restaurant, from 2-6 tables at a time to 35+ tables in 6 weeks.
        </p>
      </header>
      <div className="mt-12 grid gap-8 md:grid-cols-3 md:gap-6">
        {/* Each card hydrates in a task of its own on the first view (docs/decisions.md, 101). */}
        {PROGRAMMES.map((programme) => (
          <HydrateLater key={programme.id}>
            <ProgrammeCard
              ref={(element) => {
                if (element) checkboxes.current.set(programme.id, element);
                else checkboxes.current.delete(programme.id);
              }}
              programme={programme}
              agreed={agreed[programme.id]}
              onAgreedChange={(value) => {
                setAgreed((current) => ({ ...current, [programme.id]: value }));
                if (value) setNeedsAgreement((current) => (current === programme.id ? null : current));
              }}
              agreementMessage={needsAgreement === programme.id ? PRICING_AGREEMENT_MESSAGE : null}
              onProceed={() => proceed(programme.id)}
              isSelected={isAuthenticated && selected === programme.id}
              isBusy={isLoading}
            />
          </HydrateLater>
        ))}
      </div>
      <p className="mt-10 flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
        <ShieldCheckIcon className="size-4 shrink-0 text-success" aria-hidden="true" />
        30-day risk-free implementation period · 500+ students · 4.9/5 rating
      </p>
    </div>
  );
}
