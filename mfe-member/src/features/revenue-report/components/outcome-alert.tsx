/** A said-once outcome on the revenue-report pages (a payment, a saved card): title, text and Dismiss. */
import { Alert, AlertDescription, AlertTitle, Button } from '@platform/ui';

/** One outcome's title and text in an alert (or status) with a Dismiss button. */
export function OutcomeAlert({
  title,
  text,
  role,
  variant,
  onDismiss,
  className,
  testId,
}: {
  title: string;
  text: string;
  role: 'alert' | 'status';
  variant: 'default' | 'destructive';
  onDismiss: () => void;
  className?: string;
  testId: string;
}) {
  return (
    <Alert role={role} variant={variant} className={className} data-testid={testId}>
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{text}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onDismiss}>
          Dismiss
        </Button>
      </AlertDescription>
    </Alert>
  );
}
