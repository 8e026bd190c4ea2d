/**
 * Step 1, business information (docs/behaviour/consultation-and-contact.md#step-1-business-information): the
 * contract's schema gives the browser the server's messages; what is typed is kept for this tab as it is
 * typed, and sent under an id kept while it stays the same, so a step 1 sent again is one request.
 */
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONSULTATION_MESSAGES, ConsultationRequestSchema } from '@platform/contracts';
import type { ConsultationRequest, ConsultationRequestParsed } from '@platform/contracts';
import {
  AsyncForm,
  FormField,
  Input,
  SubmitButton,
  Textarea,
  TitledCard,
  fieldAria,
  fieldHintId,
  newRequestId,
  toast,
} from '@platform/ui';
import type { TitledCardProps } from '@platform/ui';
import { ArrowRightIcon, LoaderCircleIcon } from 'lucide-react';
import { useSubmitConsultation } from '../api/submit-consultation';
import {
  attemptFor,
  forgetAttempt,
  readAttempt,
  saveAttempt,
  saveDraft,
  saveSubmission,
} from '../lib/draft-storage';
import type { BusinessInfoValues, SavedSubmission, StepOneAttempt } from '../lib/draft-storage';
import { describeStepOneFailure } from '../lib/step-one-outcome';
import { showFormFailure } from '../../../lib/form-failure';

const LONG_TEXT_MAX = 2000;

type TextFieldSpec = {
  name: Exclude<keyof BusinessInfoValues, 'currentChallenges' | 'consultationGoals'>;
  label: string;
  autoComplete: string;
  type?: 'email' | 'tel' | 'text';
  inputMode?: 'email' | 'tel' | 'text';
  placeholder?: string;
  hint?: string;
};

const ABOUT_YOU: TextFieldSpec[] = [
  { name: 'ownerName', label: 'Your name', autoComplete: 'name' },
  {
    name: 'email',
    label: 'Email address',
    autoComplete: 'email',
    type: 'email',
    inputMode: 'email',
    placeholder: 'you@restaurant.com',
    hint: 'Your confirmation and our response go to this address.',
  },
  { name: 'phone', label: 'Your phone (optional)', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
];

const ABOUT_BUSINESS: TextFieldSpec[] = [
  { name: 'businessName', label: 'Business name', autoComplete: 'organization' },
  { name: 'restaurantName', label: 'Restaurant name', autoComplete: 'off' },
  {
    name: 'restaurantPhone',
    label: 'Restaurant phone (optional)',
    autoComplete: 'off',
    type: 'tel',
    inputMode: 'tel',
  },
  {
    name: 'location',
    label: 'Location',
    autoComplete: 'street-address',
    placeholder: 'Street, city and state',
  },
];

const LONG_FIELDS = [
  {
    name: 'currentChallenges',
    label: 'Current challenges',
    placeholder: 'What is not working today? Slow nights, few returning guests, staff, costs…',
  },
  {
    name: 'consultationGoals',
    label: 'Consultation goals',
    placeholder: 'What would you like to change in the next months?',
  },
] as const;

const fieldId = (name: keyof BusinessInfoValues) => `consultation-${name}`;

function CharacterCount({
  control,
  name,
}: {
  control: Control<ConsultationRequest>;
  name: keyof BusinessInfoValues;
}) {
  const value = useWatch({ control, name }) ?? '';
  return (
    <span className="text-xs text-muted-foreground tabular-nums" aria-hidden="true">
      {value.trim().length}/{LONG_TEXT_MAX}
    </span>
  );
}

/** One card of the form: its heading (an h2), a line saying what it asks, and its fields. */
function FormSection({
  contentClassName = 'grid gap-5 sm:grid-cols-2',
  ...card
}: TitledCardProps & { title: string; description: string }) {
  return <TitledCard contentClassName={contentClassName} {...card} />;
}

type BusinessInfoFormProps = {
  initialValues: BusinessInfoValues;
  onSaved: (submission: SavedSubmission) => void;
};

export function BusinessInfoForm({ initialValues, onSaved }: BusinessInfoFormProps) {
  const submit = useSubmitConsultation();
  const form = useForm<ConsultationRequest, unknown, ConsultationRequestParsed>({
    resolver: zodResolver(ConsultationRequestSchema),
    defaultValues: initialValues,
  });
  const { errors } = form.formState;

  // Kept as typed: a reload, a refused address or a failed request loses nothing.
  useEffect(() => {
    const subscription = form.watch((values) => saveDraft(values as Partial<BusinessInfoValues>));
    return () => subscription.unsubscribe();
  }, [form]);

  // One id for the values being sent, kept while they stay the same (in this tab's storage too, across a
  // reload): sent again after a lost answer, it is the same request (saved once); changed, it is a new one.
  const attempt = useRef<StepOneAttempt | null>(null);
  const requestIdFor = (values: ConsultationRequestParsed) => {
    attempt.current = attemptFor(values, attempt.current ?? readAttempt(), newRequestId);
    saveAttempt(attempt.current);
    return attempt.current.requestId;
  };
  const forgetRequestId = () => {
    attempt.current = null;
    forgetAttempt();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    let outcome;
    try {
      outcome = await submit.mutateAsync({ ...values, requestId: requestIdFor(values) });
    } catch (error) {
      console.error('Consultation step 1 failed:', error);
      toast({
        title: CONSULTATION_MESSAGES.failedTitle,
        description: CONSULTATION_MESSAGES.failedDescription,
        variant: 'destructive',
      });
      return;
    }
    if (!outcome.ok) {
      // The id named another request (the owner signed in or out meanwhile): the next try is a new one.
      if (outcome.issues.some((issue) => issue.path === 'requestId')) forgetRequestId();
      showFormFailure(form.setError, describeStepOneFailure(outcome));
      return;
    }
    forgetRequestId();
    const submission: SavedSubmission = {
      submissionId: outcome.data.submissionId,
      uploadToken: outcome.data.uploadToken,
      businessName: values.businessName,
    };
    saveSubmission(submission);
    toast({ title: CONSULTATION_MESSAGES.savedTitle, description: outcome.data.message, variant: 'success' });
    onSaved(submission);
  });

  const textField = (spec: TextFieldSpec) => {
    const error = errors[spec.name]?.message;
    const id = fieldId(spec.name);
    return (
      <FormField key={spec.name} id={id} label={spec.label} error={error} hint={spec.hint}>
        <Input
          {...fieldAria(id, error, spec.hint && fieldHintId(id))}
          type={spec.type ?? 'text'}
          inputMode={spec.inputMode}
          autoComplete={spec.autoComplete}
          placeholder={spec.placeholder}
          {...form.register(spec.name)}
        />
      </FormField>
    );
  };

  /** The cards' text fields, two to a row, the `wide` one across the row. */
  const textFieldGrid = (specs: TextFieldSpec[], wide: TextFieldSpec['name']) =>
    specs.map((spec) => (
      <div key={spec.name} className={spec.name === wide ? 'sm:col-span-2' : undefined}>
        {textField(spec)}
      </div>
    ));

  return (
    <AsyncForm aria-label="Business information" onSubmit={onSubmit} className="space-y-6">
      <FormSection title="About you" description="Who we talk to about your restaurant.">
        {textFieldGrid(ABOUT_YOU, 'email')}
      </FormSection>
      <FormSection title="Your business" description="The restaurant you would like us to look at.">
        {textFieldGrid(ABOUT_BUSINESS, 'location')}
      </FormSection>
      <FormSection
        title="Challenges and goals"
        description="A few sentences each (at least 20 characters) help us prepare."
        contentClassName="space-y-5"
      >
        {LONG_FIELDS.map((spec) => {
          const error = errors[spec.name]?.message;
          const id = fieldId(spec.name);
          return (
            <FormField
              key={spec.name}
              id={id}
              label={spec.label}
              error={error}
              labelAside={<CharacterCount control={form.control} name={spec.name} />}
            >
              <Textarea
                {...fieldAria(id, error)}
                rows={5}
                placeholder={spec.placeholder}
                {...form.register(spec.name)}
              />
            </FormField>
          );
        })}
      </FormSection>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <SubmitButton
          size="lg"
          className="w-full sm:w-auto"
          busy={submit.isPending}
          busyLabel={
            <>
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
              Saving...
            </>
          }
        >
          Save and Continue
          <ArrowRightIcon aria-hidden="true" />
        </SubmitButton>
      </div>
    </AsyncForm>
  );
}
