/**
 * The order confirmation for a buyer who is not signed in: the receipt and, for an address new to the
 * site, a link to set the password are on their way by e-mail; the link can be sent again (the answer is
 * the same for any address, and the auth service limits how often).
 */
import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, Input, Label, TitledCard, getServerMessage } from '@platform/ui';
import { LoaderCircleIcon, MailIcon } from 'lucide-react';
import { sendSetPasswordLink } from '../api/send-set-password-link';

/** After a send the button rests this long: a second click would only meet the server's limit. */
const RESEND_PAUSE_MS = 30_000;

type SendState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'refused'; message: string };

export function SetPasswordInboxCard({ billingEmail }: { billingEmail: string | null }) {
  const headingId = useId();
  const inputId = useId();
  const [email, setEmail] = useState(billingEmail ?? '');
  const [send, setSend] = useState<SendState>({ kind: 'idle' });
  const [isResting, setIsResting] = useState(false);

  useEffect(() => {
    if (!isResting) return;
    const timer = window.setTimeout(() => setIsResting(false), RESEND_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [isResting]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.kind === 'sending' || isResting) return;
    setSend({ kind: 'sending' });
    sendSetPasswordLink(email.trim())
      .then((message) => {
        setSend({ kind: 'sent', message });
        setIsResting(true);
      })
      .catch((error: unknown) => {
        setSend({
          kind: 'refused',
          message: getServerMessage(error) ?? 'The link could not be sent. Please try again in a moment.',
        });
      });
  };

  return (
    <TitledCard
      role="region"
      aria-labelledby={headingId}
      className="mt-8"
      title={
        <>
          <MailIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
          Check your inbox to set your password
        </>
      }
      titleId={headingId}
      titleClassName="flex items-center gap-2 text-xl"
      contentClassName="space-y-3 text-sm leading-relaxed"
    >
      <p>
        Your receipt is on its way to{' '}
        {billingEmail ? (
          <strong className="break-all">{billingEmail}</strong>
        ) : (
          'the e-mail address you gave at checkout'
        )}
        , with a link to set your password if the address is new to us. The link works for 7 days; once your
        password is set, log in to start the course.
      </p>
      <p>
        Already have an account with this address? The purchase is added to it:{' '}
        <Link to="/login" className="font-medium text-primary underline underline-offset-4">
          log in
        </Link>{' '}
        as usual.
      </p>
      <form noValidate onSubmit={onSubmit} className="space-y-2 border-t border-border pt-4">
        <p className="text-muted-foreground">
          No e-mail after a few minutes? Check your spam folder, or have the link sent again.
        </p>
        <Label htmlFor={inputId}>Email address</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={inputId}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={send.kind === 'refused' || undefined}
            className="sm:flex-1"
          />
          <Button
            type="submit"
            variant="outline"
            disabled={send.kind === 'sending' || isResting}
            className="shrink-0"
          >
            {send.kind === 'sending' ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : null}
            Send the link again
          </Button>
        </div>
        <p role="status" className={send.kind === 'refused' ? 'text-destructive' : 'text-muted-foreground'}>
          {send.kind === 'sent' || send.kind === 'refused' ? send.message : null}
        </p>
      </form>
    </TitledCard>
  );
}
