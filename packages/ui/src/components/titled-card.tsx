/**
 * A card under a heading (an `<h2>` unless told): a line under the heading when there is one, its content
 * and its footer when it has them; and the same card holding one form. With `region`, the card is a
 * landmark named by its heading (the heading needs a `titleId`).
 */
import type { ComponentProps, ComponentType, FormEvent, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { AsyncForm } from './async-form';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

export type TitledCardProps = Omit<ComponentProps<'div'>, 'title'> & {
  title: ReactNode;
  /** The heading's id, for an `aria-labelledby` (the card's own with `region`). */
  titleId?: string;
  heading?: 'h1' | 'h2' | 'h3';
  /** The heading's size (`text-xl`); `null` for the card title's own. */
  titleClassName?: string | null;
  /** Drawn before the title, in the primary colour. */
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  /** The card is a region named by its heading. */
  region?: boolean;
  description?: ReactNode;
  descriptionClassName?: string;
  /** The line's `data-testid`, for a test that reads it. */
  descriptionTestId?: string;
  headerClassName?: string;
  /** Drawn in the header after the heading and its line (a control that belongs to the title). */
  headerExtra?: ReactNode;
  contentClassName?: string;
  /** Drawn in the card's content; without it the card has no content box. */
  children?: ReactNode;
  /** Drawn in the card's footer, below the content (the ways on). */
  footer?: ReactNode;
  footerClassName?: string;
};

export function TitledCard({
  title,
  titleId,
  heading: Heading = 'h2',
  titleClassName = 'text-xl',
  icon: Icon,
  region = false,
  description,
  descriptionClassName,
  descriptionTestId,
  headerClassName,
  headerExtra,
  contentClassName,
  children,
  footer,
  footerClassName,
  ...cardProps
}: TitledCardProps) {
  const headingClassName = titleClassName ?? undefined;
  return (
    <Card {...(region ? { role: 'region', 'aria-labelledby': titleId } : {})} {...cardProps}>
      <CardHeader className={headerClassName}>
        <CardTitle asChild>
          <Heading
            id={titleId}
            className={Icon ? cn('flex items-center gap-2', headingClassName) : headingClassName}
          >
            {Icon ? <Icon className="size-5 text-primary" aria-hidden="true" /> : null}
            {title}
          </Heading>
        </CardTitle>
        {description === undefined ? null : (
          <CardDescription className={descriptionClassName} data-testid={descriptionTestId}>
            {description}
          </CardDescription>
        )}
        {headerExtra}
      </CardHeader>
      {children === undefined ? null : <CardContent className={contentClassName}>{children}</CardContent>}
      {footer === undefined ? null : <CardFooter className={footerClassName}>{footer}</CardFooter>}
    </Card>
  );
}

export type TitledFormCardProps = Omit<TitledCardProps, 'onSubmit'> & {
  /** The form's accessible name. */
  formLabel: string;
  /** The form's submit handler (react-hook-form's `handleSubmit(...)`); the browser never submits it. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  formClassName?: string;
};

/** A titled card whose content is one form, checked by the page rather than by the browser (`noValidate`). */
export function TitledFormCard({
  formLabel,
  onSubmit,
  formClassName,
  children,
  ...cardProps
}: TitledFormCardProps) {
  return (
    <TitledCard {...cardProps}>
      <AsyncForm aria-label={formLabel} onSubmit={onSubmit} className={formClassName}>
        {children}
      </AsyncForm>
    </TitledCard>
  );
}
