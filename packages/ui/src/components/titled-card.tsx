/**
 * A card under a heading (an `<h2>` unless told): an optional line below the heading, then its content. With
 * `region`, the card is a landmark named by its heading (the heading needs an `id`).
 */
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';

export function TitledCard({
  id,
  title,
  heading: Heading = 'h2',
  titleClassName = 'text-xl',
  description,
  descriptionClassName,
  region = false,
  role,
  className,
  headerClassName,
  headerExtra,
  contentClassName,
  testId,
  children,
}: {
  /** The heading's id, for an `aria-labelledby` (the card's own with `region`). */
  id?: string;
  title: ReactNode;
  heading?: 'h1' | 'h2' | 'h3';
  /** The heading's size (`text-xl`); `null` for the card title's own. */
  titleClassName?: string | null;
  description?: ReactNode;
  descriptionClassName?: string;
  region?: boolean;
  /** `alert` for a card that reports a failure, `note` for an aside (not with `region`). */
  role?: 'alert' | 'note';
  className?: string;
  headerClassName?: string;
  /** Drawn in the header after the heading and its line (a control that belongs to the title). */
  headerExtra?: ReactNode;
  contentClassName?: string;
  testId?: string;
  /** The card's content; none draws no content box. */
  children?: ReactNode;
}) {
  return (
    <Card
      role={region ? 'region' : role}
      aria-labelledby={region ? id : undefined}
      className={className}
      data-testid={testId}
    >
      <CardHeader className={headerClassName}>
        <CardTitle asChild>
          <Heading id={id} className={titleClassName ?? undefined}>
            {title}
          </Heading>
        </CardTitle>
        {description === undefined ? null : (
          <CardDescription className={descriptionClassName}>{description}</CardDescription>
        )}
        {headerExtra}
      </CardHeader>
      {children === undefined ? null : <CardContent className={contentClassName}>{children}</CardContent>}
    </Card>
  );
}
