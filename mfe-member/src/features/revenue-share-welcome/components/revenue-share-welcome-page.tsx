/**
 * `/revenue-share-welcome` (docs/behaviour/revenue-share.md#welcome-and-consent-page): the Premium Success
 * Program explained (what the owner gets, the timeline, the terms), the baseline question and the consent.
 * Signed-out visitors keep the plan for after sign-in and go to /login; an owner who already agreed sees
 * their plan instead of the form.
 */
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Card,
  CardHeader,
  CardTitle,
  LoadFailedAlert,
  LoadingPlaceholder,
  Skeleton,
  TitledCard,
  TextLink,
} from '@platform/ui';
import { useMyRevenueReports } from '../../revenue-report/api/get-my-revenue-reports';
import { keepPendingRevenueSharePlan } from '../lib/pending-plan';
import { PROGRAMME_POINTS, TERMS, TIMELINE, WELCOME_PAGE } from '../lib/welcome-copy';
import { CardOnFile } from '../../revenue-report/components/card-on-file';
import { AlreadyOnPlan } from './already-on-plan';
import { ConsentForm } from './consent-form';
import { useMemberPage } from '../../../components/member-page-gate';
import { StrokeIcon } from '../../../components/stroke-icon';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function CheckMark() {
  return (
    <StrokeIcon strokeWidth="2.5" className="mt-0.5 size-4 shrink-0 text-success">
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </StrokeIcon>
  );
}

function Programme() {
  return (
    <section aria-labelledby="programme-title" className="space-y-4">
      <h2 id="programme-title" className="sr-only">
        What you get
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {PROGRAMME_POINTS.map((point) => (
          <li key={point.title}>
            <Card className="h-full">
              <CardHeader className="gap-2">
                <CardTitle asChild>
                  <h3 className="text-base">{point.title}</h3>
                </CardTitle>
                <p className="text-sm text-muted-foreground">{point.text}</p>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Timeline() {
  return (
    <section aria-labelledby="timeline-title" className="space-y-4">
      <h2 id="timeline-title" className="text-2xl font-semibold tracking-tight">
        {TIMELINE.title}
      </h2>
      <ol className="grid gap-4 sm:grid-cols-3" data-testid="welcome-timeline">
        {TIMELINE.steps.map((step, index) => (
          <li key={step.title} className="flex gap-3 rounded-xl border border-border bg-card p-4">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
            >
              {index + 1}
            </span>
            <span>
              <span className="block font-semibold">{step.title}</span>
              <span className="mt-1 block text-sm text-muted-foreground">{step.text}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Terms() {
  return (
    <TitledCard titleId="terms-title" region title={TERMS.title}>
      <ul className="space-y-2 text-sm" data-testid="welcome-terms">
        {TERMS.items.map((item) => (
          <li key={item} className="flex items-start gap-2">
            <CheckMark />
            <span>{item}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm">
        <TextLink to="/terms#revenue-share">{TERMS.fullTerms}</TextLink>
      </p>
    </TitledCard>
  );
}

/** Keeps the plan for after sign-in, then goes to /login (which brings the owner back here). */
function SignInFirst() {
  const navigate = useNavigate();
  useEffect(() => {
    keepPendingRevenueSharePlan(browserStorage());
    navigate('/login', { replace: true });
  }, [navigate]);
  return null;
}

export function RevenueShareWelcomePage() {
  const {
    user,
    isLoading: userLoading,
    redirectToLogin,
    signedOutHere,
  } = useMemberPage('Premium Success Program');
  const plan = useMyRevenueReports(user !== null);

  if (signedOutHere) return null;
  if (redirectToLogin || (plan.data === null && !plan.isFetching)) return <SignInFirst />;

  let action: ReactNode;
  if (userLoading || !user || plan.isPending) {
    action = (
      <LoadingPlaceholder testId="welcome-skeleton">
        <Skeleton className="h-64 w-full" />
      </LoadingPlaceholder>
    );
  } else if (plan.isError) {
    action = (
      <LoadFailedAlert
        title="Your plan could not be loaded"
        hint="Please check your connection and try again."
        onRetry={() => void plan.refetch()}
        retrying={plan.isFetching}
        testId="welcome-load-error"
      />
    );
  } else if (plan.data?.plan) {
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-10 sm:py-14">
        <AlreadyOnPlan plan={plan.data.plan} />
        <div className="mx-auto w-full max-w-2xl">
          <CardOnFile returnTo="revenue-share-welcome" />
        </div>
      </div>
    );
  } else {
    action = <ConsentForm />;
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-10 px-4 py-10 sm:py-14">
      <header className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{WELCOME_PAGE.eyebrow}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{WELCOME_PAGE.title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{WELCOME_PAGE.intro}</p>
      </header>
      <Programme />
      <Timeline />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Terms />
        {action}
      </div>
    </div>
  );
}
