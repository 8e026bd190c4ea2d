/** What an admin list shows when it has nothing yet: a heading and, when there is one, a hint. */
import type { ReactNode } from 'react';
import { Card } from '@platform/ui';

export function AdminEmptyCard({
  title,
  hint,
  testId,
}: {
  title: ReactNode;
  hint?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="p-8 text-center" data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {hint ? <p className="mt-2 text-sm text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}
