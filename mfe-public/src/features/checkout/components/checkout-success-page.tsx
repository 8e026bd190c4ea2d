/**
 * `/checkout-success` (docs/behaviour/checkout-and-payments.md#order-confirmation; docs/decisions.md, 13):
 * says only what the server confirmed. `?session_id=` asks the server to grant access; once it has, thanks,
 * the 8-day programme and the way in: 'Access Your Dashboard' for a signed-in buyer, otherwise "check your
 * inbox to set your password" with a way to have the link sent again, and for the consultation how to get
 * it. Without a session, or for one that is not paid, the page says so and leads back to the checkout.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { CONSULTATION_NEXT_STEP, CONSULTATION_PRODUCT_ID } from '@platform/contracts';
import {
  Button,
  ButtonLink,
  cn,
  SITE_NAME,
  Skeleton,
  TitledCard,
  useAuth,
  useDocumentTitle,
} from '@platform/ui';
import {
  ArrowLeftIcon,
  CalendarDaysIcon,
  CircleAlertIcon,
  CircleCheckBigIcon,
  ClockIcon,
  HomeIcon,
  LayoutDashboardIcon,
  LoaderCircleIcon,
  LogInIcon,
  ReceiptIcon,
  RotateCwIcon,
  StoreIcon,
} from 'lucide-react';
import type { ComponentType, SVGProps } from 'react';
import { alreadyOwnedLink, ALREADY_OWNED_COPY } from '../lib/already-owned-copy';
import { getLeftCheckoutPath } from '../lib/checkout-return';
import { useGrantCourseAccess } from '../lib/use-grant-course-access';
import type { GrantState } from '../lib/use-grant-course-access';
import { SetPasswordInboxCard } from './set-password-inbox-card';

const PROGRAMME = [
  {
    days: 'Day 1',
    text: 'Section 1 opens at once: start with the free preview lessons and the first fixes.',
  },
  {
    days: 'Days 2–7',
    text: 'A new section unlocks every day, so each lesson has time to work in your restaurant.',
  },
  { days: 'Day 8', text: 'The final section and the bonus resources: the complete program is yours.' },
];

const SESSION_ID_PATTERN = /^[\w-]{1,255}$/;

function readSessionId(search: URLSearchParams): string | null {
  const value = search.get('session_id')?.trim();
  return value && SESSION_ID_PATTERN.test(value) ? value : null;
}

type Tone = 'success' | 'waiting' | 'problem';

type Heading = {
  title: string;
  text: string;
  tone: Tone;
  /** 'Back to Checkout' belongs to this state. */
  offersCheckout: boolean;
};

/** What the page says for each state that is not a granted order. */
const NOT_GRANTED: Record<Exclude<GrantState['kind'], 'granted'>, Heading> = {
  missing: {
    title: 'No payment to confirm',
    text: 'This page confirms a payment when you come back from the secure payment page, and this visit brought none. If you have paid, your receipt and login details are on their way to your inbox; otherwise, your checkout is where you left it.',
    tone: 'problem',
    offersCheckout: true,
  },
  confirming: {
    title: 'Confirming your payment…',
    text: 'We are asking the payment provider whether your payment went through. This takes a moment.',
    tone: 'waiting',
    offersCheckout: false,
  },
  pending: {
    title: 'Payment not completed yet',
    text: 'The payment provider has not confirmed a payment for this order. If you have just paid, check again in a moment; otherwise go back to the checkout. Nothing is granted, or charged, until the payment is complete.',
    tone: 'waiting',
    offersCheckout: true,
  },
  failed: {
    title: 'Payment did not go through',
    text: 'The payment for this order was declined or has expired, so no access was granted. You can try again from the checkout.',
    tone: 'problem',
    offersCheckout: true,
  },
  refunded: {
    title: 'This order was refunded',
    text: 'The payment for this order was refunded, so it gives no access any more. Questions? Write to us from the contact page.',
    tone: 'problem',
    offersCheckout: false,
  },
  'already-owned': {
    title: ALREADY_OWNED_COPY.confirmationTitle,
    text: 'You already had this purchase when this payment arrived, so it is refunded in full automatically. An e-mail explains it; nothing changes on your account.',
    tone: 'waiting',
    offersCheckout: false,
  },
  unconfirmed: {
    title: 'We could not find this payment',
    text: 'This confirmation link does not match a payment we can confirm. If you have paid, your receipt and login details are on their way to your inbox; otherwise, go back to the checkout.',
    tone: 'problem',
    offersCheckout: true,
  },
};

const TONES: Record<Tone, { icon: ComponentType<SVGProps<SVGSVGElement>>; className: string }> = {
  success: { icon: CircleCheckBigIcon, className: 'bg-success/15 text-success' },
  waiting: { icon: ClockIcon, className: 'bg-primary/10 text-primary' },
  problem: { icon: CircleAlertIcon, className: 'bg-muted text-muted-foreground' },
};

function StatusHeader({ heading, isBusy }: { heading: Omit<Heading, 'offersCheckout'>; isBusy: boolean }) {
  const { icon: Icon, className } = TONES[heading.tone];
  return (
    <div className="text-center">
      <span className={cn('mx-auto flex size-16 items-center justify-center rounded-full', className)}>
        {isBusy ? (
          <LoaderCircleIcon className="size-9 animate-spin" aria-hidden="true" />
        ) : (
          <Icon className="size-9" aria-hidden="true" />
        )}
      </span>
      <h1 className="mt-5 text-3xl font-bold tracking-tight sm:text-4xl">{heading.title}</h1>
      <p className="mx-auto mt-3 max-w-xl text-lg text-muted-foreground">{heading.text}</p>
    </div>
  );
}

function ProgrammeCard() {
  return (
    <TitledCard
      className="mt-8"
      icon={CalendarDaysIcon}
      title="Your 8-day transformation program"
      description="One section is released each day for 8 days."
    >
      <ol className="space-y-4">
        {PROGRAMME.map((step) => (
          <li key={step.days} className="flex gap-4">
            <span className="w-20 shrink-0 font-semibold text-primary">{step.days}</span>
            <span className="text-sm leading-relaxed">{step.text}</span>
          </li>
        ))}
      </ol>
    </TitledCard>
  );
}

/** How a buyer of the consultation gets it: the consultation form. */
function ConsultationCard() {
  return (
    <TitledCard
      className="mt-8 border-primary/40"
      data-testid="consultation-next-step"
      icon={StoreIcon}
      title={CONSULTATION_NEXT_STEP.title}
      description={CONSULTATION_NEXT_STEP.text}
      descriptionClassName="text-base"
    >
      <Button asChild size="lg" className="w-full sm:w-auto">
        <Link to={CONSULTATION_NEXT_STEP.path}>{CONSULTATION_NEXT_STEP.linkLabel}</Link>
      </Button>
    </TitledCard>
  );
}

function SignedInReceiptNote({ billingEmail }: { billingEmail: string | null }) {
  return (
    <p className="mt-8 flex items-start justify-center gap-2 text-center text-sm text-muted-foreground">
      <ReceiptIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        The purchase is on your account.{' '}
        {billingEmail ? (
          <>
            A receipt is on its way to <span className="break-all">{billingEmail}</span>.
          </>
        ) : (
          'A receipt is on its way to your inbox.'
        )}
      </span>
    </p>
  );
}

function HomeLink() {
  return (
    <ButtonLink to="/" icon={HomeIcon} variant="outline" size="lg">
      Return to Home
    </ButtonLink>
  );
}

function GrantedOrder({ billingEmail, productIds }: { billingEmail: string | null; productIds: string[] }) {
  const { user, isLoading } = useAuth();
  return (
    <>
      <StatusHeader
        isBusy={false}
        heading={{
          title: 'Payment Successful!',
          text: 'Welcome to Restaurant Management Mastery. Thank you for your purchase: you have taken the first step from 2-6 tables at a time to a full restaurant.',
          tone: 'success',
        }}
      />
      {isLoading ? (
        <Skeleton className="mt-8 h-40 w-full" />
      ) : user ? (
        <SignedInReceiptNote billingEmail={billingEmail} />
      ) : (
        <SetPasswordInboxCard billingEmail={billingEmail} />
      )}
      {productIds.includes(CONSULTATION_PRODUCT_ID) ? <ConsultationCard /> : null}
      <ProgrammeCard />
      <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        {user ? (
          <ButtonLink to="/dashboard" icon={LayoutDashboardIcon} size="lg">
            Access Your Dashboard
          </ButtonLink>
        ) : null}
        <HomeLink />
      </div>
    </>
  );
}

/** Where a buyer who already had the purchase goes to use it. */
function AlreadyOwnedLink() {
  const { user, isLoading } = useAuth();
  if (isLoading) return null;
  const link = alreadyOwnedLink(Boolean(user));
  return (
    <ButtonLink to={link.to} icon={user ? LayoutDashboardIcon : LogInIcon} size="lg">
      {link.label}
    </ButtonLink>
  );
}

export function CheckoutSuccessPage() {
  const [search] = useSearchParams();
  const { state, checkAgain } = useGrantCourseAccess(readSessionId(search));
  useDocumentTitle(`${state.kind === 'granted' ? 'Order Confirmed' : 'Order Confirmation'} | ${SITE_NAME}`);

  if (state.kind === 'granted') {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
        <GrantedOrder billingEmail={state.billingEmail} productIds={state.productIds} />
      </div>
    );
  }

  const heading = NOT_GRANTED[state.kind];
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <div role="status" aria-live="polite">
        <StatusHeader heading={heading} isBusy={state.kind === 'confirming'} />
      </div>
      <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        {state.kind === 'already-owned' ? <AlreadyOwnedLink /> : null}
        {state.kind === 'pending' ? (
          <Button size="lg" onClick={checkAgain}>
            <RotateCwIcon aria-hidden="true" />
            Check again
          </Button>
        ) : null}
        {heading.offersCheckout ? (
          <ButtonLink
            to={getLeftCheckoutPath()}
            icon={ArrowLeftIcon}
            size="lg"
            variant={state.kind === 'pending' ? 'outline' : 'default'}
          >
            Back to Checkout
          </ButtonLink>
        ) : null}
        <HomeLink />
      </div>
    </div>
  );
}
