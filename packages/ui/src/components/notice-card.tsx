/** A centred card that says one thing (not found, could not load, nothing yet) and offers the ways on. */
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';

export function NoticeCard({
  title,
  heading: Heading = 'h1',
  titleClassName = 'text-2xl',
  description,
  descriptionClassName,
  className,
  contentClassName,
  role,
  testId,
  children,
}: {
  title: ReactNode;
  heading?: 'h1' | 'h2' | 'h3';
  titleClassName?: string;
  description?: ReactNode;
  descriptionClassName?: string;
  /** The card's place and width (`mx-auto max-w-lg`). */
  className?: string;
  contentClassName?: string;
  role?: 'alert';
  testId?: string;
  /** The ways on (buttons, links). */
  children?: ReactNode;
}) {
  return (
    <Card role={role} className={cn(className, 'text-center')} data-testid={testId}>
      <CardHeader className="items-center">
        <CardTitle asChild>
          <Heading className={titleClassName}>{title}</Heading>
        </CardTitle>
        {description === undefined ? null : (
          <CardDescription className={descriptionClassName}>{description}</CardDescription>
        )}
      </CardHeader>
      {children === undefined ? null : <CardContent className={contentClassName}>{children}</CardContent>}
    </Card>
  );
}
