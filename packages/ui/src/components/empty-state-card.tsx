/** What a list shows when it has nothing yet: a heading, a hint when there is one, and a way on. */
import type { ReactNode } from 'react';
import { Card } from './card';

export function EmptyStateCard({
  title,
  hint,
  testId,
  children,
}: {
  title: ReactNode;
  hint?: ReactNode;
  testId?: string;
  /** Below the hint: a way on. */
  children?: ReactNode;
}) {
  return (
    <Card className="p-8 text-center" data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {hint ? <p className="mt-2 text-sm text-muted-foreground">{hint}</p> : null}
      {children}
    </Card>
  );
}
