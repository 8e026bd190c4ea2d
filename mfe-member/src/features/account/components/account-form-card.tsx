/** One section of the account page: a titled card holding a form, with its refusal shown above the fields. */
import type { ReactNode } from 'react';
import { Alert, AlertDescription, TitledCard } from '@platform/ui';

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
    <TitledCard
      titleId={`${id}-title`}
      region
      title={title}
      titleClassName={null}
      description={description || undefined}
      contentClassName="space-y-4"
    >
      {error ? (
        <Alert variant="destructive" role="alert" data-testid={`${id}-error`}>
          <AlertDescription className="text-destructive">{error}</AlertDescription>
        </Alert>
      ) : null}
      {children}
    </TitledCard>
  );
}
