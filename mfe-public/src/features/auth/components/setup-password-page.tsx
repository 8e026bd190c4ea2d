/**
 * `/setup-password?token=…` (docs/behaviour/accounts.md#password-setup-page; docs/decisions.md, 12–13): the
 * page a set-password e-mail links to. No token: 'Invalid Link', then home. The submit button waits for a
 * valid form.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { SETUP_PASSWORD_MIN_LENGTH, SetupPasswordFormSchema } from '@platform/contracts';
import type { SetupPasswordForm } from '@platform/contracts';
import { AUTH_USER_QUERY_KEY, SITE_NAME, toast, useDocumentTitle } from '@platform/ui';
import { KeyRoundIcon } from 'lucide-react';
import type { z } from 'zod';
import { useSetUpPassword } from '../api/set-up-password';
import { SETUP_PASSWORD_COPY } from '../lib/auth-copy';
import { AuthCard } from './auth-card';
import { submitAuthForm } from '../lib/submit-auth-form';
import { AuthForm, AuthSubmitButton, NewPasswordFields } from './auth-form';
import { TextLink } from './text-link';

const FIELDS = ['password', 'confirmPassword'] as const;

function SetupPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setUpPassword = useSetUpPassword();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<z.input<typeof SetupPasswordFormSchema>, unknown, SetupPasswordForm>({
    // Checked as the user types (the button stays disabled until valid), never on blur, which would move
    // the button from under the pointer between press and release.
    resolver: zodResolver(SetupPasswordFormSchema),
    mode: 'onChange',
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors, isValid } = form.formState;
  const [password = '', confirmPassword = ''] = useWatch({
    control: form.control,
    name: ['password', 'confirmPassword'],
  });

  const onSubmit = submitAuthForm(form, {
    fields: FIELDS,
    send: (values) => setUpPassword.mutateAsync(values),
    copy: SETUP_PASSWORD_COPY,
    setFormError,
    onAccepted: () => {
      toast({
        title: SETUP_PASSWORD_COPY.successTitle,
        description: SETUP_PASSWORD_COPY.successDescription,
        variant: 'success',
      });
      // Setting a password ends every session of the account, this browser's included.
      void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
      navigate('/login');
    },
  });

  return (
    <AuthForm label="Set your password" formError={formError} onSubmit={onSubmit}>
      <NewPasswordFields
        idPrefix="setup"
        passwordLabel="New password"
        errors={{ password: errors.password?.message, confirmPassword: errors.confirmPassword?.message }}
        registrations={{
          password: form.register('password', {
            // A changed password re-checks a confirmation already typed.
            onChange: () => {
              if (form.getFieldState('confirmPassword').isDirty) void form.trigger('confirmPassword');
            },
          }),
          confirmPassword: form.register('confirmPassword'),
        }}
        values={{ password, confirmPassword }}
        minLength={SETUP_PASSWORD_MIN_LENGTH}
      />
      <AuthSubmitButton busy={setUpPassword.isPending} disabled={!isValid || setUpPassword.isPending}>
        {setUpPassword.isPending ? 'Setting your password…' : 'Set Password'}
      </AuthSubmitButton>
    </AuthForm>
  );
}

export function SetupPasswordPage() {
  useDocumentTitle(`Set Your Password | ${SITE_NAME}`);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const hasWarned = useRef(false);

  useEffect(() => {
    if (token || hasWarned.current) return;
    hasWarned.current = true;
    toast({
      title: SETUP_PASSWORD_COPY.invalidLinkTitle,
      description: SETUP_PASSWORD_COPY.invalidLinkDescription,
      variant: 'destructive',
    });
    navigate('/', { replace: true });
  }, [token, navigate]);

  if (!token) return null;

  return (
    <AuthCard
      icon={KeyRoundIcon}
      title="Set Your Password"
      description={`Choose a password of at least ${SETUP_PASSWORD_MIN_LENGTH} characters for your account.`}
      footer={
        <p>
          Link expired? Get a new one on the <TextLink to="/login">login page</TextLink>.
        </p>
      }
    >
      {/* A new token (another e-mail's link) starts a fresh form. */}
      <SetupPasswordForm key={token} token={token} />
    </AuthCard>
  );
}
