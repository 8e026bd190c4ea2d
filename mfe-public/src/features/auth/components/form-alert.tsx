/**
 * The inline error a form shows when the server refuses it. It is announced as it appears and takes
 * focus, since the submit button that had focus is disabled while the request runs.
 */
import { useEffect, useRef } from 'react';
import { Alert, AlertDescription } from '@platform/ui';
import { CircleAlertIcon } from 'lucide-react';

/** Each submit clears the message first, so a message shown again takes focus again. */
export function FormAlert({ message }: { message: string | null }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);

  if (!message) return null;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      variant="destructive"
      data-testid="form-alert"
      className="outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      <CircleAlertIcon aria-hidden="true" />
      <AlertDescription className="text-destructive">
        <p>{message}</p>
      </AlertDescription>
    </Alert>
  );
}
