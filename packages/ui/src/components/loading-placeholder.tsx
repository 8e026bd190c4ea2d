/**
 * What stands in for content while it loads: a busy box whose first child is a status line for screen
 * readers (`label`), then the placeholders it is given.
 */
import type { ReactNode } from 'react';

export function LoadingPlaceholder({
  label = 'Loading…',
  className,
  testId,
  children,
}: {
  label?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={className} aria-busy="true" data-testid={testId}>
      <p role="status" className="sr-only">
        {label}
      </p>
      {children}
    </div>
  );
}
