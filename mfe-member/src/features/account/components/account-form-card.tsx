/** One section of the account page: a titled card holding a form, with its refusal shown above the fields. */
import type { ReactNode } from 'react';
import { Alert, AlertDescription, TitledCard } from '@platform/ui';
import { ACCOUNT_SECTIONS, type AccountSection } from '../lib/account-copy';

export function AccountFormCard({
  section,
  error,
  children,
}: {
  /** Its heading and hint (`ACCOUNT_SECTIONS`); the card's id is `account-<section>`. */
  section: AccountSection;
  error: string | null;
  children: ReactNode;
}) {
  const id = `account-${section}`;
  const { title, hint }: { title: string; hint?: string } = ACCOUNT_SECTIONS[section];
  return (
    <TitledCard
      titleId={`${id}-title`}
      region
      title={title}
      titleClassName={null}
      description={hint}
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
