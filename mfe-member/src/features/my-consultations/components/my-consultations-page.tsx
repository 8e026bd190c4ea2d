/**
 * `/my-consultations` (docs/behaviour/consultation-and-contact.md#my-consultations): the signed-in user's
 * submissions, newest first, with status, file counts, dates and the admin's response; an empty state that
 * leads to /consultation; signed-out visitors get 'Login Required' and go to /login after 1 s; a 401 from
 * the list gives 'Session Expired' and goes to /login.
 */
import { useEffect } from 'react';
import {
  ButtonLink,
  Card,
  LoadFailedAlert,
  LoadingPlaceholder,
  NoticeCard,
  SITE_NAME,
  Skeleton,
  SkeletonBars,
  useSignInGate,
  useDocumentTitle,
  useToastAndRedirect,
} from '@platform/ui';
import { sortNewestFirst } from '@platform/ui/consultation-status';
import { useMyConsultations } from '../api/get-my-consultations';
import { ConsultationCard } from './consultation-card';

/** The signed-out redirect follows the toast after 1 s. */
const LOGIN_REDIRECT_DELAY_MS = 1000;

function LoadingCards() {
  return (
    <LoadingPlaceholder
      label="Loading your consultations…"
      className="space-y-6"
      testId="consultation-skeletons"
    >
      {[0, 1].map((key) => (
        <Card key={key}>
          <div className="space-y-4 p-6">
            <div className="flex justify-between gap-4">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-6 w-20" />
            </div>
            <SkeletonBars sizes={['h-4 w-2/3', 'h-4 w-1/3', 'h-16 w-full']} />
          </div>
        </Card>
      ))}
    </LoadingPlaceholder>
  );
}

function EmptyState() {
  return (
    <NoticeCard
      testId="no-consultations"
      heading="h2"
      titleClassName="text-xl"
      title="No Consultations Yet"
      contentClassName="flex flex-col items-center gap-4 text-muted-foreground"
    >
      <p className="max-w-md">
        Send us photos, a short walkthrough video and your menu, and our consultant replies with a written
        analysis within 24-48 hours.
      </p>
      <ButtonLink to="/consultation" size="lg">
        Get FREE Photo Analysis
      </ButtonLink>
    </NoticeCard>
  );
}

export function MyConsultationsPage() {
  useDocumentTitle(`My Consultations | ${SITE_NAME}`);
  const { user, isLoading: userLoading, redirectToLogin } = useSignInGate();
  const signedIn = user !== null;
  const consultations = useMyConsultations(signedIn);
  const redirect = useToastAndRedirect();

  const signedOut = !userLoading && !user;
  // The list answered 401: the session ended after the page opened.
  const sessionExpired = signedIn && consultations.data === null && !consultations.isFetching;

  useEffect(() => {
    // Signing out on this page is not a visitor to send to /login: the logout goes home (useSignInGate).
    if (redirectToLogin) {
      redirect(
        {
          title: 'Login Required',
          description: 'Please log in to view your consultations.',
          variant: 'destructive',
        },
        '/login',
        LOGIN_REDIRECT_DELAY_MS,
      );
    } else if (sessionExpired) {
      redirect(
        {
          title: 'Session Expired',
          description: 'Please log in again to view your consultations.',
          variant: 'destructive',
        },
        '/login',
        LOGIN_REDIRECT_DELAY_MS,
      );
    }
  }, [redirectToLogin, sessionExpired, redirect]);

  const list = sortNewestFirst(consultations.data ?? []);
  const loading = userLoading || signedOut || sessionExpired || consultations.isPending;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:py-14">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">My Consultations</h1>
          <p className="mt-2 text-muted-foreground">
            Your restaurant consultation requests and our consultant&apos;s responses.
          </p>
        </div>
        {list.length > 0 ? (
          <div className="flex flex-wrap gap-3 sm:shrink-0">
            <ButtonLink to="/additional-upload" variant="outline">
              Upload Additional Files
            </ButtonLink>
            <ButtonLink to="/consultation">New Consultation</ButtonLink>
          </div>
        ) : null}
      </header>

      <div className="mt-8">
        {loading ? (
          <LoadingCards />
        ) : consultations.isError ? (
          <LoadFailedAlert
            title="Your consultations could not be loaded"
            onRetry={() => void consultations.refetch()}
          />
        ) : list.length === 0 ? (
          <EmptyState />
        ) : (
          <div className="space-y-6">
            {list.map((consultation) => (
              <ConsultationCard key={consultation.id} consultation={consultation} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
