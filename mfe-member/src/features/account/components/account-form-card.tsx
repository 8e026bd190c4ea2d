/** One section of the account page: a titled card holding a form, with its refusal shown above the fields. */
import type { ReactNode } from 'react';
import {
  Alert,
  AlertDescription,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@platform/ui';

export function AccountFormCard({
  id,
  title,
  description,
  error,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={`${id}-title`} role="region">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={`${id}-title`}>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-4">
        {error ? (
          <Alert variant="destructive" role="alert" data-testid={`${id}-error`}>
            <AlertDescription className="text-destructive">{error}</AlertDescription>
          </Alert>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
