/**
 * `/checkout-success` (public-site spec §2.7, §4, §8; DECISIONS 13): thanks, the 8-day programme, and
 * the way in: the dashboard for paid members, otherwise a disabled 'Course Access Pending' button whose
 * tooltip says the login details arrive by e-mail. `?session_id=` asks the server to grant access.
 */
import { Link, useSearchParams } from 'react-router-dom';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  SITE_NAME,
  Skeleton,
  useAuth,
  useDocumentTitle,
} from '@platform/ui';
import { Tooltip, TooltipContent, TooltipTrigger } from '@platform/ui/tooltip';
import { CalendarDaysIcon, CircleCheckBigIcon, HomeIcon, LayoutDashboardIcon, MailIcon } from 'lucide-react';
import { useGrantCourseAccess } from '../lib/use-grant-course-access';

const PENDING_TOOLTIP =
  'Your course access is being processed. Your login credentials will arrive by email within 24 hours.';

const PROGRAMME = [
  {
    days: 'Day 1',
    text: 'Section 1 opens at once: start with the free preview lessons and the first fixes.',
  },
  {
    days: 'Days 2–7',
    text: 'A new section unlocks every day, so each lesson has time to work in your restaurant.',
  },
  { days: 'Day 8', text: 'The final section and the bonus resources: the complete programme is yours.' },
];

const SESSION_ID_PATTERN = /^[\w-]{1,255}$/;

function readSessionId(search: URLSearchParams): string | null {
  const value = search.get('session_id')?.trim();
  return value && SESSION_ID_PATTERN.test(value) ? value : null;
}

function CourseAccessAction() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Skeleton className="h-11 w-56" />;
  if (user?.isPaidMember) {
    return (
      <Button asChild size="lg">
        <Link to="/dashboard">
          <LayoutDashboardIcon aria-hidden="true" />
          Access Your Dashboard
        </Link>
      </Button>
    );
  }
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* A disabled button takes no focus and no pointer events: the span carries the tooltip. */}
        <span
          tabIndex={0}
          className="inline-flex w-full rounded-md outline-hidden sm:w-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          aria-describedby="course-access-pending-note"
          data-testid="course-access-pending"
        >
          <Button size="lg" className="w-full" disabled tabIndex={-1}>
            Course Access Pending
          </Button>
          <span id="course-access-pending-note" className="sr-only">
            {PENDING_TOOLTIP}
          </span>
        </span>
      </TooltipTrigger>
      <TooltipContent>{PENDING_TOOLTIP}</TooltipContent>
    </Tooltip>
  );
}

export function CheckoutSuccessPage() {
  useDocumentTitle(`Order Confirmed | ${SITE_NAME}`);
  const [search] = useSearchParams();
  const grant = useGrantCourseAccess(readSessionId(search));

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <div className="text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-success/15 text-success">
          <CircleCheckBigIcon className="size-9" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight sm:text-4xl">Payment Successful!</h1>
        <p className="mx-auto mt-3 max-w-xl text-lg text-muted-foreground">
          Welcome to Restaurant Management Mastery. Thank you for your purchase: you have taken the first step
          from 2-6 tables at a time to a full restaurant.
        </p>
        <p className="mt-2 text-sm text-muted-foreground" role="status">
          {grant === 'confirming' ? 'Confirming your payment…' : null}
        </p>
      </div>

      <Card className="mt-8">
        <CardHeader>
          <CardTitle asChild>
            <h2 className="flex items-center gap-2 text-xl">
              <CalendarDaysIcon className="size-5 text-primary" aria-hidden="true" />
              Your 8-day transformation programme
            </h2>
          </CardTitle>
          <CardDescription>One section is released each day for 8 days.</CardDescription>
        </CardHeader>
        <CardContent>
          <ol className="space-y-4">
            {PROGRAMME.map((step) => (
              <li key={step.days} className="flex gap-4">
                <span className="w-20 shrink-0 font-semibold text-primary">{step.days}</span>
                <span className="text-sm leading-relaxed">{step.text}</span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle asChild>
            <h2 className="flex items-center gap-2 text-xl">
              <MailIcon className="size-5 text-primary" aria-hidden="true" />
              What happens next
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-2 text-sm leading-relaxed">
          <p>A receipt is on its way to your inbox.</p>
          <p>
            New to the site? We create your account from your e-mail address and send you a link to set your
            password. Already have an account? Your course is added to it.
          </p>
        </CardContent>
      </Card>

      <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        <CourseAccessAction />
        <Button asChild variant="outline" size="lg">
          <Link to="/">
            <HomeIcon aria-hidden="true" />
            Return to Home
          </Link>
        </Button>
      </div>
    </div>
  );
}
