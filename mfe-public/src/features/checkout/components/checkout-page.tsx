/**
 * `/checkout` (docs/behaviour/checkout-and-payments.md#checkout-page; docs/decisions.md, 1–2, 13): billing
 * form, payment method, order summary and the purchase button. `/checkout?course=1` buys the course alone
 * (the course-purchase flow) and `/checkout?product=<id>` one product alone, at the catalogue's price (the
 * pricing programmes, the membership plans); either way the cart is left as it is. `&method=paypal`
 * preselects the wallet, `&plan=…` records which plan led here. Checking out needs no account: the payment
 * service creates one from the e-mail address once the payment is confirmed (a signed-in buyer's order goes
 * to their own account). A declined or cancelled payment comes back as `?payment=…`: the page says so and
 * reopens the checkout it left from, with the form as typed.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { CHECKOUT_MESSAGES, PAYMENT_PLAN_PRODUCT_ID, splitInstalments } from '@platform/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  AsyncForm,
  Button,
  ButtonLink,
  paymentProvidersQuery,
  SITE_NAME,
  toast,
  useAuth,
  useCart,
  useDocumentTitle,
  usePaymentProviders,
  useRequestIdFor,
} from '@platform/ui';
import { formatMoney } from '@platform/contracts/format';
import { ArrowLeftIcon, CircleCheckIcon, FlaskConicalIcon, LoaderCircleIcon, LockIcon } from 'lucide-react';
import { createCheckoutSession } from '../api/create-checkout-session';
import { createPaypalOrder } from '../api/create-paypal-order';
import { useCheckoutQuote } from '../api/quote-checkout';
import { useCatalogueProducts, useCourseForSale } from '../api/get-checkout-catalogue';
import { useProductForSale } from '../api/get-product-for-sale';
import {
  getCheckoutTotals,
  getCourseLine,
  getProductLine,
  priceCartLines,
  readCheckoutParams,
  toRequestItems,
} from '../lib/checkout-lines';
import type { CheckoutLineView, PaymentMethod } from '../lib/checkout-lines';
import { alreadyOwnedLink, ALREADY_OWNED_COPY } from '../lib/already-owned-copy';
import { getCheckoutBackLink } from '../lib/checkout-back-link';
import { isRequestIdTaken, readCheckoutRefusal } from '../lib/checkout-error';
import type { CheckoutBackLink, CheckoutPurchase } from '../lib/checkout-back-link';
import { rememberCheckoutKind } from '../lib/checkout-kind';
import { rememberLeftCheckout, toReturnSearch } from '../lib/checkout-return';
import { getInitialBilling, readSavedBilling, saveBilling } from '../lib/saved-billing';
import { startPayment } from '../lib/start-payment';
import { usePaymentOutcome } from '../lib/use-payment-outcome';
import { checkBilling } from '../lib/validate-billing';
import type { BillingFormValues, CheckoutFormValues } from '../lib/validate-billing';
import { BillingFields } from './billing-fields';
import { CheckoutOrderSummary } from './checkout-order-summary';
import { CheckoutSkeleton } from './checkout-skeleton';
import { CouponField } from './coupon-field';
import { EmptyCheckout } from './empty-checkout';
import { PaymentMethodFieldset } from './payment-method-fieldset';
import { UnknownProductCheckout } from './unknown-product-checkout';

/** What this checkout sells: the cart, the course alone (`?course=1`) or one product alone (`?product=`). */
type Purchase = CheckoutPurchase;

const NO_ACCOUNT_NEEDED = 'No account needed: your login details arrive by e-mail.';

/** A signed-in buyer's order is theirs, whatever billing address they type (the receipt goes there). */
function signedInNote(email: string | null | undefined): string {
  return email
    ? `The purchase is added to your account (${email}); the receipt goes to the e-mail address below.`
    : 'The purchase is added to your account; the receipt goes to the e-mail address below.';
}

const PLAN_TYPE_KEY = 'payment_plan_type';

function rememberPlan(plan: string | null) {
  if (!plan) return;
  try {
    localStorage.setItem(PLAN_TYPE_KEY, plan);
  } catch {
    // Only a note for later pages.
  }
}

const browser = {
  openPopup: (url: string) => {
    const popup = window.open(url, 'secure-checkout', 'popup,width=520,height=780');
    // The provider's page has no business with this one.
    if (popup) popup.opener = null;
    return popup;
  },
  goTo: (url: string) => window.location.assign(url),
};

export function CheckoutPage() {
  useDocumentTitle(`Secure Checkout | ${SITE_NAME}`);
  const [search] = useSearchParams();
  const params = readCheckoutParams(search);
  const purchase: Purchase =
    params.productId !== null ? 'product' : params.isCoursePurchase ? 'course' : 'cart';
  const items = useCart((state) => state.items);
  const { user, isLoading: isAuthLoading } = useAuth();
  const products = useCatalogueProducts(purchase === 'cart' && items.length > 0);
  const course = useCourseForSale(purchase === 'course');
  const product = useProductForSale(params.productId);
  const providers = usePaymentProviders();
  // Back from a declined or cancelled payment: the page reopens the checkout it left from.
  const isReturning = usePaymentOutcome();

  if (isReturning) return <CheckoutSkeleton />;
  if (purchase === 'cart' && items.length === 0) return <EmptyCheckout />;
  const sale = purchase === 'course' ? course : purchase === 'product' ? product : null;
  // The form's first values depend on who is signed in, so it waits for that answer (a few ms).
  if (isAuthLoading || sale?.isPending) return <CheckoutSkeleton />;
  if (sale?.isError) {
    return (
      <div className="mx-auto w-full max-w-xl px-4 py-12">
        <Alert variant="destructive">
          <AlertTitle>
            {purchase === 'course' ? 'The course could not be loaded' : 'The product could not be loaded'}
          </AlertTitle>
          <AlertDescription>
            <p>Please check your connection and try again.</p>
            <Button variant="outline" className="mt-3" onClick={() => void sale.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  if (purchase === 'product' && !product.data) return <UnknownProductCheckout />;

  let lines: CheckoutLineView[];
  const accountNote = user ? signedInNote(user.email) : NO_ACCOUNT_NEEDED;
  let subtitle = `Complete your order. ${accountNote}`;
  let saleNote: string | null = null;
  if (purchase === 'product' && product.data) {
    lines = [getProductLine(product.data)];
    subtitle = `Complete your purchase of the ${product.data.name}. ${accountNote}`;
    // A membership plan renews only as a Stripe subscription; otherwise it is one payment for its period.
    if (product.data.category === 'membership')
      saleNote =
        providers.data?.card === 'stripe'
          ? 'Paid by card, the plan renews automatically until it is cancelled; with PayPal it is one payment.'
          : 'One payment for this period; renewal is not automatic yet.';
    if (product.data.id === PAYMENT_PLAN_PRODUCT_ID) saleNote = planSaleNote(product.data.price);
  } else if (purchase === 'course' && course.data) {
    lines = [getCourseLine(course.data.course)];
    subtitle = `Complete your purchase of the course. ${accountNote}`;
  } else {
    lines = priceCartLines(items, products.data?.products);
  }
  const isPricing = purchase === 'cart' && products.isPending;
  const isCataloguePriced = purchase !== 'cart' || products.isSuccess;

  return (
    <CheckoutForm
      key={purchase === 'product' ? `product:${params.productId}` : purchase}
      lines={lines}
      isPricing={isPricing}
      isCataloguePriced={isCataloguePriced}
      purchase={purchase}
      subtitle={subtitle}
      saleNote={saleNote}
      initialMethod={params.method}
      plan={params.plan}
      initialBilling={getInitialBilling(readSavedBilling(), user)}
      providers={providers.data}
      backLink={getCheckoutBackLink({
        purchase,
        productCategory: product.data?.category ?? null,
        plan: params.plan,
      })}
      isSignedIn={Boolean(user)}
    />
  );
}

/** What the plan's checkout says under its totals: today's payment and the next two. */
function planSaleNote(price: number): string {
  const [first, second, third] = splitInstalments(price).map((amount) => formatMoney(amount));
  return `Flexible Payments: ${first} today, then ${second} and ${third} charged to your card one and two months from now. Sign in to buy on the plan.`;
}

type CheckoutFormProps = {
  lines: CheckoutLineView[];
  isPricing: boolean;
  isCataloguePriced: boolean;
  purchase: Purchase;
  subtitle: string;
  /** A line under the totals about what is sold (a membership plan's period), or null. */
  saleNote: string | null;
  initialMethod: PaymentMethod;
  plan: string | null;
  initialBilling: BillingFormValues;
  providers: ReturnType<typeof usePaymentProviders>['data'];
  /** Where the back link leads: the cart, or the page that sells what is bought alone. */
  backLink: CheckoutBackLink;
  isSignedIn: boolean;
};

function CheckoutForm({
  lines,
  isPricing,
  isCataloguePriced,
  purchase,
  subtitle,
  saleNote,
  initialMethod,
  plan,
  initialBilling,
  providers,
  backLink,
  isSignedIn,
}: CheckoutFormProps) {
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const [isProcessing, setIsProcessing] = useState(false);
  // The server's 409: the account already has what this checkout sells.
  const [ownedMessage, setOwnedMessage] = useState<string | null>(null);
  // Pay pressed again with the same cart, form and coupon (its answer lost) opens the same checkout.
  const requestIdFor = useRequestIdFor();
  const form = useForm<CheckoutFormValues>({
    defaultValues: { ...initialBilling, method: initialMethod },
    shouldFocusError: false,
  });
  const totals = useMemo(() => getCheckoutTotals(lines), [lines]);
  // The coupon code applied, priced by the server; a refused one is shown and not used.
  const [couponCode, setCouponCode] = useState<string | null>(null);
  const quote = useCheckoutQuote(lines, couponCode);
  const acceptedCode = quote.isSuccess && quote.data.coupon ? quote.data.coupon.code : undefined;
  const coupon =
    acceptedCode && quote.data?.coupon
      ? { label: quote.data.coupon.label, amount: quote.data.discount, total: quote.data.total }
      : null;
  // Flexible Payments charges its first instalment now (docs/behaviour/checkout-and-payments.md#payment-plan).
  const chargedTotal = coupon
    ? coupon.total
    : lines.some((line) => line.id === PAYMENT_PLAN_PRODUCT_ID)
      ? splitInstalments(totals.total)[0]!
      : totals.total;

  // A method no provider takes here cannot stay chosen: switch to the other one once that is known.
  useEffect(() => {
    if (!providers) return;
    const method = form.getValues('method');
    if (method === 'card' && providers.card === null && providers.wallet !== null)
      form.setValue('method', 'paypal');
    if (method === 'paypal' && providers.wallet === null && providers.card !== null)
      form.setValue('method', 'card');
  }, [providers, form]);

  const onSubmit = form.handleSubmit(async ({ method, ...values }) => {
    if (isProcessing || quote.isFetching) return;
    if (purchase === 'cart' && lines.length === 0) {
      toast({
        title: CHECKOUT_MESSAGES.emptyCartTitle,
        description: CHECKOUT_MESSAGES.emptyCart,
        variant: 'destructive',
      });
      return;
    }
    // Kept for this tab from the first try: a failed request, a cancelled provider page or a reload
    // loses nothing typed.
    saveBilling(values);
    const check = checkBilling(values);
    if (!check.ok) {
      toast({ title: check.title, description: check.description, variant: 'destructive' });
      form.setError(check.field, { type: 'manual', message: check.description });
      form.setFocus(check.field);
      return;
    }
    rememberPlan(plan);
    rememberCheckoutKind(purchase === 'cart' ? 'cart' : 'direct');
    // A declined or cancelled payment comes back to `/checkout?payment=…`: this reopens this very checkout.
    rememberLeftCheckout(toReturnSearch(search, method));
    setOwnedMessage(null);
    setIsProcessing(true);
    try {
      // Which window the card page opens in depends on the test provider: a buyer quicker than the
      // providers' answer waits for it (an unanswered read leaves the popup, with this window as fallback).
      const known = providers ?? (await queryClient.fetchQuery(paymentProvidersQuery).catch(() => undefined));
      const walletTotal = isCataloguePriced || coupon ? chargedTotal : null;
      const sent = JSON.stringify([method, check.billing, toRequestItems(lines), walletTotal, acceptedCode]);
      const pay = () =>
        startPayment(
          {
            method,
            billing: check.billing,
            lines,
            walletTotal,
            isDirectPurchase: purchase !== 'cart',
            testMode: known?.testMode ?? false,
            couponCode: acceptedCode,
            requestId: requestIdFor(sent),
          },
          { createCheckoutSession, createPaypalOrder },
          browser,
        );
      const outcome = await pay().catch((error: unknown) => {
        if (!isRequestIdTaken(error)) throw error;
        requestIdFor.forget();
        return pay();
      });
      if (outcome === 'popup') {
        toast({ title: CHECKOUT_MESSAGES.redirectedTitle, description: CHECKOUT_MESSAGES.redirected });
        setIsProcessing(false);
      }
      // 'left': the page is on its way to the provider; the button stays busy until it goes.
    } catch (error) {
      console.error('Checkout failed:', error);
      const refusal = readCheckoutRefusal(error);
      if (refusal?.kind === 'owned') {
        setOwnedMessage(refusal.message);
      } else if (refusal?.kind === 'wait') {
        // Nothing failed: the page of a press a moment earlier is on its way.
        toast({ title: CHECKOUT_MESSAGES.checkoutBeingPreparedTitle, description: refusal.message });
      } else {
        toast({
          title: CHECKOUT_MESSAGES.paymentFailedTitle,
          description: refusal?.message ?? CHECKOUT_MESSAGES.paymentFailed,
          variant: 'destructive',
        });
      }
      setIsProcessing(false);
    }
  });

  // Brought into view, so a buyer at the bottom of a phone's page sees why nothing happened.
  const ownedAlert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ownedMessage) ownedAlert.current?.scrollIntoView({ block: 'center' });
  }, [ownedMessage]);
  const ownedLink = alreadyOwnedLink(isSignedIn);

  const testMode = providers?.testMode ?? false;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <ButtonLink to={backLink.to} icon={ArrowLeftIcon} variant="ghost" className="-ml-3">
        {backLink.label}
      </ButtonLink>
      <header className="mt-4 mb-6">
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
          <LockIcon className="size-7 text-success" aria-hidden="true" />
          Secure Checkout
        </h1>
        <p className="mt-1 text-muted-foreground">{subtitle}</p>
      </header>
      {testMode ? (
        <Alert role="status" className="mb-6" data-testid="test-mode-notice">
          <FlaskConicalIcon aria-hidden="true" />
          <AlertTitle>Test mode</AlertTitle>
          <AlertDescription>
            Payments go to the built-in test page. No real money is charged.
          </AlertDescription>
        </Alert>
      ) : null}
      {ownedMessage ? (
        <Alert ref={ownedAlert} role="alert" className="mb-6 border-primary/40" data-testid="already-owned">
          <CircleCheckIcon aria-hidden="true" />
          <AlertTitle>{ALREADY_OWNED_COPY.checkoutTitle}</AlertTitle>
          <AlertDescription>
            <p>{ownedMessage}</p>
            <Button asChild className="mt-3">
              <Link to={ownedLink.to}>{ownedLink.label}</Link>
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      <AsyncForm
        aria-label="Secure checkout"
        onSubmit={onSubmit}
        className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]"
      >
        <div className="min-w-0 space-y-6">
          <BillingFields form={form} isSignedIn={isSignedIn} />
          <PaymentMethodFieldset
            registration={form.register('method')}
            cardProvider={providers?.card}
            walletProvider={providers?.wallet}
          />
        </div>
        <CheckoutOrderSummary
          lines={lines}
          totals={totals}
          isPricing={isPricing}
          coupon={coupon}
          couponField={
            <CouponField
              applied={couponCode}
              isChecking={quote.isFetching}
              error={quote.isError ? quote.error.message : null}
              onApply={setCouponCode}
              onRemove={() => setCouponCode(null)}
              disabled={isProcessing}
            />
          }
          priceNote={
            isCataloguePriced || isPricing ? saleNote : 'Prices are confirmed on the secure payment page.'
          }
        >
          <Button
            type="submit"
            size="lg"
            className="h-auto min-h-11 w-full whitespace-normal py-2"
            disabled={isProcessing}
          >
            {isProcessing ? (
              <>
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
                Processing Securely...
              </>
            ) : (
              <>
                <LockIcon aria-hidden="true" />
                Complete Secure Purchase
                {isPricing ? null : <span className="tabular-nums">{formatMoney(chargedTotal)}</span>}
              </>
            )}
          </Button>
        </CheckoutOrderSummary>
      </AsyncForm>
    </div>
  );
}
