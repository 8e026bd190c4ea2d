/**
 * A page that only says one thing (an empty cart, a product not found): a large icon, the heading, a line
 * of text and one way on.
 */
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card } from '@platform/ui';

export function IconNoticePage({
  icon: Icon,
  title,
  children,
  linkTo,
  linkLabel,
  testId,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  /** The line under the heading. */
  children: ReactNode;
  linkTo: string;
  linkLabel: string;
  testId?: string;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
      <Card className="mx-auto max-w-xl px-6 py-14 text-center" data-testid={testId}>
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon className="size-8" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mx-auto mt-2 max-w-sm text-muted-foreground">{children}</p>
        <Button asChild size="lg" className="mt-6">
          <Link to={linkTo}>{linkLabel}</Link>
        </Button>
      </Card>
    </div>
  );
}
