/**
 * `/login` (docs/behaviour/accounts.md#sign-in-page): e-mail and password, the inline forgot-password flow
 * (docs/decisions.md, 12: the link only ever travels by e-mail), then the pending-plan redirects after 1
 * second; the admin goes to the admin home instead (docs/decisions.md, 30).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import {
  CERTIFICATE_SIGN_IN_MESSAGE,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
} from '@platform/contracts';
import type { LoginRequest } from '@platform/contracts';
import {
  AUTH_USER_QUERY_KEY,
  FormField,
  SITE_NAME,
  cn,
  fetchCurrentUser,
  fieldAria,
  toast,
  useDocumentTitle,
} from '@platform/ui';
import { LogInIcon } from 'lucide-react';
import type { z } from 'zod';
import { useLogIn } from '../api/log-in';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { FORGOT_PASSWORD_COPY, LOGIN_COPY } from '../lib/auth-copy';
import { getBrowserStorage } from '../lib/browser-storage';
import { takeRedirectAfterLogin } from '../lib/pending-plan';
import { useDelayedNavigate } from '../lib/use-delayed-navigate';
import { AuthCard } from './auth-card';
import { submitAuthForm } from '../lib/submit-auth-form';
import { AuthForm, AuthSubmitButton, EmailField } from './auth-form';
import { PasswordInput } from './password-input';
import { TextLink, textLinkClass } from './text-link';

const FIELDS = ['email', 'password'] as const;

export function LoginPage() {
  useDocumentTitle(`Log In | ${SITE_NAME}`);
  const queryClient = useQueryClient();
  const navigateLater = useDelayedNavigate();
  const logIn = useLogIn();
  const passwordReset = useRequestPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  // Sent here by a certificate's PDF link while signed out (docs/decisions.md, 93).
  const [searchParams] = useSearchParams();
  const forCertificate = searchParams.get('for') === 'certificate';
  const [isRedirecting, setIsRedirecting] = useState(false);

  const form = useForm<z.input<typeof LoginRequestSchema>, unknown, LoginRequest>({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = submitAuthForm(form, {
    fields: FIELDS,
    send: (values) => logIn.mutateAsync(values),
    copy: LOGIN_COPY,
    setFormError,
    onAccepted: async () => {
      setIsRedirecting(true);
      toast({
        title: LOGIN_COPY.successTitle,
        description: LOGIN_COPY.successDescription,
        variant: 'success',
      });
      // The login answer carries no role: read the user now (this also refreshes the header).
      const user = await queryClient
        .fetchQuery({
          queryKey: AUTH_USER_QUERY_KEY,
          queryFn: fetchCurrentUser,
          staleTime: 0,
        })
        .catch(() => null);
      const redirect = takeRedirectAfterLogin(getBrowserStorage(), user?.role ?? null);
      navigateLater(redirect.to, redirect.delayMs);
    },
  });

  const onForgotPassword = async () => {
    // aria-disabled rather than disabled while sending, so the button keeps focus.
    if (passwordReset.isPending) return;
    const email = form.getValues('email').trim();
    if (!email) {
      toast({
        title: FORGOT_PASSWORD_COPY.emailRequiredTitle,
        description: FORGOT_PASSWORD_COPY.emailRequiredDescription,
        variant: 'destructive',
      });
      form.setFocus('email');
      return;
    }
    const parsed = ForgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      form.setError('email', { message: parsed.error.issues[0]?.message }, { shouldFocus: true });
      return;
    }
    try {
      const outcome = await passwordReset.mutateAsync(parsed.data);
      if (outcome.ok) {
        toast({
          title: FORGOT_PASSWORD_COPY.sentTitle,
          description: FORGOT_PASSWORD_COPY.sentDescription(email),
        });
      } else {
        toast({
          title: FORGOT_PASSWORD_COPY.failedTitle,
          description: outcome.message ?? FORGOT_PASSWORD_COPY.failed,
          variant: 'destructive',
        });
      }
    } catch {
      toast({
        title: FORGOT_PASSWORD_COPY.failedTitle,
        description: FORGOT_PASSWORD_COPY.failed,
        variant: 'destructive',
      });
    }
  };

  const isBusy = logIn.isPending || isRedirecting;

  return (
    <AuthCard
      icon={LogInIcon}
      title={LOGIN_COPY.title}
      description={
        forCertificate ? CERTIFICATE_SIGN_IN_MESSAGE : 'Log in to continue your restaurant management course.'
      }
      footer={
        <p>
          New here? <TextLink to="/signup">Create an account</TextLink>
        </p>
      }
    >
      <AuthForm label="Log in" formError={formError} onSubmit={onSubmit}>
        <EmailField id="login-email" error={errors.email?.message} registration={form.register('email')} />
        <FormField
          id="login-password"
          label="Password"
          error={errors.password?.message}
          labelAside={
            <button
              type="button"
              onClick={() => void onForgotPassword()}
              aria-disabled={passwordReset.isPending}
              className={cn(
                textLinkClass,
                '-my-1.5 py-1.5 text-sm aria-disabled:cursor-wait aria-disabled:opacity-70',
              )}
            >
              {passwordReset.isPending ? 'Sending reset link…' : 'Forgot your password?'}
            </button>
          }
        >
          <PasswordInput
            {...fieldAria('login-password', errors.password?.message)}
            toggleLabel="Show password"
            autoComplete="current-password"
            {...form.register('password')}
          />
        </FormField>
        <AuthSubmitButton busy={isBusy}>
          {isRedirecting ? 'Redirecting…' : logIn.isPending ? 'Logging in…' : 'Log In'}
        </AuthSubmitButton>
      </AuthForm>
    </AuthCard>
  );
}
