/**
 * `/account/confirm-email?token=…` (docs/behaviour/accounts.md#account-page): the page an e-mail change
 * link opens. It confirms the link once, then says what happened; no sign-in is needed (the link proves
 * the address).
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  ButtonLink,
  SITE_NAME,
  getServerMessage,
  useDocumentTitle,
} from '@platform/ui';
import { useConfirmEmail } from '../api/account-changes';
import { ACCOUNT_COPY } from '../lib/account-copy';

export function ConfirmEmailPage() {
  useDocumentTitle(`${ACCOUNT_COPY.confirmTitle} | ${SITE_NAME}`);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const confirm = useConfirmEmail();
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight">{ACCOUNT_COPY.confirmTitle}</h1>
      <div className="mt-8 space-y-4">
        {!token ? (
          <Alert variant="destructive">
            <AlertDescription>{ACCOUNT_COPY.missingToken}</AlertDescription>
          </Alert>
        ) : confirm.isSuccess ? (
          <Alert role="status" data-testid="email-confirmed">
            <AlertTitle>{ACCOUNT_COPY.confirmed}</AlertTitle>
            <AlertDescription>From now on you sign in with your new address.</AlertDescription>
          </Alert>
        ) : confirm.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{getServerMessage(confirm.error) ?? ACCOUNT_COPY.failed}</AlertDescription>
          </Alert>
        ) : (
          <p role="status" aria-busy="true">
            {ACCOUNT_COPY.confirming}
          </p>
        )}
        <ButtonLink to="/account" variant="outline">
          Go to Account Settings
        </ButtonLink>
      </div>
    </div>
  );
}
