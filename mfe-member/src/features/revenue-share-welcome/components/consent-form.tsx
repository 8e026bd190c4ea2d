/**
 * The baseline question and the consent (docs/behaviour/revenue-share.md#welcome-and-consent-page): the
 * optional baseline in dollars and cents (the one money input), 'I agree to the Revenue Share Terms (v1.0)', and 'Start Free
 * Implementation', disabled until the box is ticked and while sending ('Processing...'). Success: 'Welcome
 * to Revenue Share!' (naming the baseline on file when it is not the one sent: consent counts once) and
 * /dashboard 1.5 s later; a failure shows the server's words in an error toast and keeps what was entered.
 * No answer at all: the plan is read, and one the server recorded (the answer lost) counts as success.
 */
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { REVENUE_CONSENT_MESSAGES } from '@platform/contracts';
import type { RevenuePlan, RevenueShareConsentRequestParsed } from '@platform/contracts';
import {
  ApiError,
  AsyncForm,
  FormField,
  Label,
  MoneyInput,
  SubmitButton,
  TitledCard,
  fieldAria,
  fieldErrorId,
  fieldHintId,
  toast,
} from '@platform/ui';
import { Checkbox } from '@platform/ui/checkbox';
import {
  readRecordedPlan,
  useConsentToRevenueShare,
  useForgetWhatConsentChanges,
} from '../api/consent-to-revenue-share';
import {
  BASELINE_RULES,
  ConsentFormSchema,
  EMPTY_CONSENT_FORM,
  describeConsentFailure,
  describeRecordedBaseline,
} from '../lib/consent-form';
import type { ConsentFormValues } from '../lib/consent-form';
import { BASELINE, WELCOME_PAGE } from '../lib/welcome-copy';

/** The welcome toast stays this long before the dashboard opens. */
export const DASHBOARD_REDIRECT_DELAY_MS = 1500;

const BASELINE_ID = 'consent-baseline';
const CONSENT_ID = 'consent-terms';

export function ConsentForm() {
  const consent = useConsentToRevenueShare();
  const forget = useForgetWhatConsentChanges();
  const navigate = useNavigate();
  const [welcomed, setWelcomed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const form = useForm<ConsentFormValues, unknown, RevenueShareConsentRequestParsed>({
    resolver: zodResolver(ConsentFormSchema),
    defaultValues: EMPTY_CONSENT_FORM,
  });
  const agreed = useWatch({ control: form.control, name: 'consentToTerms' });
  const { errors } = form.formState;
  const baselineError = errors.baselineNetRevenue?.message;
  const consentError = errors.consentToTerms?.message;
  const busy = form.formState.isSubmitting || welcomed;

  const onSubmit = form.handleSubmit(async (request) => {
    let plan: RevenuePlan;
    try {
      ({ plan } = await consent.mutateAsync(request));
    } catch (error) {
      const refusal = error instanceof ApiError ? error.toFailure() : null;
      // No answer: it may have been lost after the server recorded the plan, which is then there to read.
      const recorded = refusal === null ? await readRecordedPlan() : null;
      if (!recorded) {
        console.error('Revenue-share consent failed:', error);
        toast({ title: 'Error', description: describeConsentFailure(refusal), variant: 'destructive' });
        return;
      }
      plan = recorded;
    }
    setWelcomed(true);
    const kept = describeRecordedBaseline(plan.baselineNetRevenue, request.baselineNetRevenue);
    toast({
      title: REVENUE_CONSENT_MESSAGES.welcomeTitle,
      ...(kept ? { description: kept } : {}),
      variant: 'success',
    });
    timer.current = setTimeout(() => {
      // The user, enrolments and plan changed: the dashboard reads them afresh.
      void forget().finally(() => navigate('/dashboard', { replace: true }));
    }, DASHBOARD_REDIRECT_DELAY_MS);
  });

  return (
    <TitledCard
      titleId="consent-title"
      region
      data-testid="consent-form"
      title="Your starting point"
      description="Tell us where you start, then agree to the terms to begin."
    >
      <AsyncForm aria-label="Revenue share consent" onSubmit={onSubmit} className="space-y-6">
        <FormField
          id={BASELINE_ID}
          label={BASELINE.label}
          error={baselineError}
          hint={
            <>
              {BASELINE.why} {BASELINE.fixed}
            </>
          }
        >
          <Controller
            control={form.control}
            name="baselineNetRevenue"
            render={({ field }) => (
              <MoneyInput
                {...fieldAria(BASELINE_ID, baselineError, fieldHintId(BASELINE_ID))}
                ref={field.ref}
                name={field.name}
                value={field.value}
                rules={BASELINE_RULES}
                onBlur={() => {
                  field.onBlur();
                  if (field.value.trim() !== '' || baselineError) void form.trigger('baselineNetRevenue');
                }}
                onValueChange={field.onChange}
                placeholder="0"
                className="sm:max-w-xs"
              />
            )}
          />
        </FormField>

        <div className="space-y-2">
          <div className="flex items-start gap-3">
            <Controller
              control={form.control}
              name="consentToTerms"
              render={({ field }) => (
                <Checkbox
                  id={CONSENT_ID}
                  ref={field.ref}
                  name={field.name}
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  aria-invalid={consentError ? true : undefined}
                  aria-describedby={consentError ? fieldErrorId(CONSENT_ID) : undefined}
                  className="mt-0.5"
                />
              )}
            />
            <Label htmlFor={CONSENT_ID} className="cursor-pointer leading-snug font-normal">
              {REVENUE_CONSENT_MESSAGES.checkboxLabel}
            </Label>
          </div>
          {consentError ? (
            <p id={fieldErrorId(CONSENT_ID)} className="text-sm font-medium text-destructive">
              {consentError}
            </p>
          ) : null}
        </div>

        <SubmitButton
          size="lg"
          className="w-full sm:w-auto"
          disabled={!agreed}
          busy={busy}
          busyLabel={REVENUE_CONSENT_MESSAGES.processing}
        >
          {WELCOME_PAGE.submit}
        </SubmitButton>
      </AsyncForm>
    </TitledCard>
  );
}
