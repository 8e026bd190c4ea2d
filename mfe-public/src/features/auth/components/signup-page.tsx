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
import { AUTH_USER_QUERY_KEY, NameFields, SITE_NAME, toast, useDocumentTitle } from '@platform/ui';
import { UserPlusIcon } from 'lucide-react';
import type { z } from 'zod';
import { useSignUp } from '../api/sign-up';
import { SIGNUP_COPY } from '../lib/auth-copy';
import { getBrowserStorage } from '../lib/browser-storage';
import { takeRedirectAfterSignup } from '../lib/pending-plan';
import { useDelayedNavigate } from '../lib/use-delayed-navigate';
import { AuthCard } from './auth-card';
import { submitAuthForm } from '../lib/submit-auth-form';
import { AuthForm, AuthSubmitButton, EmailField, NewPasswordFields } from './auth-form';
import { TextLink } from './text-link';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const;

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

  const onSubmit = submitAuthForm(form, {
    fields: FIELDS,
    send: ({ confirmPassword: _confirm, ...request }) => signUp.mutateAsync(request),
    copy: SIGNUP_COPY,
    setFormError,
    onAccepted: () => {
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
    },
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
      <AuthForm label="Create your account" formError={formError} onSubmit={onSubmit}>
        <NameFields
          idPrefix="signup"
          className="grid gap-5 sm:grid-cols-2"
          errors={{ firstName: errors.firstName?.message, lastName: errors.lastName?.message }}
          registrations={{ firstName: form.register('firstName'), lastName: form.register('lastName') }}
        />
        <EmailField id="signup-email" error={errors.email?.message} registration={form.register('email')} />
        <NewPasswordFields
          idPrefix="signup"
          passwordLabel="Password"
          errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
          registrations={{
            password: form.register('password', {
              // After a submit, a changed password re-checks the confirmation too.
              onChange: () => {
                if (isSubmitted) void form.trigger('confirmPassword');
              },
            }),
            confirmPassword: form.register('confirmPassword'),
          }}
          values={{ password, confirmPassword }}
          minLength={SIGNUP_PASSWORD_MIN_LENGTH}
        />
        <AuthSubmitButton busy={isBusy}>
          {isRedirecting ? 'Redirecting…' : signUp.isPending ? 'Creating your account…' : 'Create Account'}
        </AuthSubmitButton>
      </AuthForm>
    </AuthCard>
  );
}
