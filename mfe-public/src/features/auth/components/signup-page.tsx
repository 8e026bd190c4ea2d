/**
 * `/signup` (docs/behaviour/accounts.md#sign-up-page): names, e-mail, password and confirmation with the live
 * checklist; the contract's form schema gives the same messages the server gives.
 */
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { SIGNUP_PASSWORD_MIN_LENGTH, SignupFormSchema } from '@platform/contracts';
import type { SignupForm } from '@platform/contracts';
import {
  AUTH_USER_QUERY_KEY,
  Button,
  FormField,
  Input,
  SITE_NAME,
  fieldAria,
  pickFieldIssues,
  toast,
  useDocumentTitle,
} from '@platform/ui';
import { LoaderCircleIcon, UserPlusIcon } from 'lucide-react';
import type { z } from 'zod';
import { useSignUp } from '../api/sign-up';
import { SIGNUP_COPY } from '../lib/auth-copy';
import { getBrowserStorage } from '../lib/browser-storage';
import { takeRedirectAfterSignup } from '../lib/pending-plan';
import { useDelayedNavigate } from '../lib/use-delayed-navigate';
import { AuthCard } from './auth-card';
import { FormAlert } from './form-alert';
import { PasswordChecklist } from './password-checklist';
import { PasswordInput } from './password-input';
import { TextLink } from './text-link';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;
const CHECKLIST_ID = 'signup-password-checklist';

export function SignupPage() {
  useDocumentTitle(`Create Your Account | ${SITE_NAME}`);
  const queryClient = useQueryClient();
  const navigateLater = useDelayedNavigate();
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);
  const [isRedirecting, setIsRedirecting] = useState(false);

  const form = useForm<z.input<typeof SignupFormSchema>, unknown, SignupForm>({
    // Errors wait for the first submit (the checklist guides before that): checking on blur would move
    // the button from under the pointer between press and release.
    resolver: zodResolver(SignupFormSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitted } = form.formState;
  const [password = '', confirmPassword = ''] = useWatch({
    control: form.control,
    name: ['password', 'confirmPassword'],
  });

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirm, ...request }) => {
    setFormError(null);
    let outcome;
    try {
      outcome = await signUp.mutateAsync(request);
    } catch {
      setFormError(SIGNUP_COPY.exception);
      return;
    }
    if (!outcome.ok) {
      for (const { field, message } of pickFieldIssues(outcome.issues, FIELDS)) {
        form.setError(field, { message });
      }
      setFormError(outcome.message ?? SIGNUP_COPY.failed);
      return;
    }
    setIsRedirecting(true);
    toast({
      title: SIGNUP_COPY.successTitle,
      description: SIGNUP_COPY.successDescription,
      variant: 'success',
    });
    // The new account is signed in: the header switches to 'My Dashboard'.
    void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
    const redirect = takeRedirectAfterSignup(getBrowserStorage());
    navigateLater(redirect.to, redirect.delayMs);
  });

  const isBusy = signUp.isPending || isRedirecting;

  return (
    <AuthCard
      icon={UserPlusIcon}
      title={SIGNUP_COPY.title}
      description="Start learning how to keep your tables full."
      footer={
        <p>
          Already have an account? <TextLink to="/login">Sign in</TextLink>
        </p>
      }
    >
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-5"
        aria-label="Create your account"
      >
        <FormAlert message={formError} />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="signup-first-name" label="First name" error={errors.firstName?.message}>
            <Input
              {...fieldAria('signup-first-name', errors.firstName?.message)}
              autoComplete="given-name"
              {...form.register('firstName')}
            />
          </FormField>
          <FormField id="signup-last-name" label="Last name" error={errors.lastName?.message}>
            <Input
              {...fieldAria('signup-last-name', errors.lastName?.message)}
              autoComplete="family-name"
              {...form.register('lastName')}
            />
          </FormField>
        </div>
        <FormField id="signup-email" label="Email" error={errors.email?.message}>
          <Input
            {...fieldAria('signup-email', errors.email?.message)}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@restaurant.com"
            {...form.register('email')}
          />
        </FormField>
        <FormField id="signup-password" label="Password" error={errors.password?.message}>
          <PasswordInput
            {...fieldAria('signup-password', errors.password?.message, CHECKLIST_ID)}
            toggleLabel="Show password"
            autoComplete="new-password"
            {...form.register('password', {
              // After a submit, a changed password re-checks the confirmation too.
              onChange: () => {
                if (isSubmitted) void form.trigger('confirmPassword');
              },
            })}
          />
        </FormField>
        <FormField
          id="signup-confirm-password"
          label="Confirm password"
          error={errors.confirmPassword?.message}
        >
          <PasswordInput
            {...fieldAria('signup-confirm-password', errors.confirmPassword?.message, CHECKLIST_ID)}
            toggleLabel="Show confirm password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        </FormField>
        <PasswordChecklist
          id={CHECKLIST_ID}
          password={password}
          confirmPassword={confirmPassword}
          minLength={SIGNUP_PASSWORD_MIN_LENGTH}
        />
        <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
          {isBusy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {isRedirecting ? 'Redirecting…' : signUp.isPending ? 'Creating your account…' : 'Create Account'}
        </Button>
      </form>
    </AuthCard>
  );
}
