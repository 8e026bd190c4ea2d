/**
 * A card of a page's outline: its title as an `<h2>`, a line under it when there is one, its content and its
 * footer when it has them; and the same card holding one form.
 */
import type { ComponentProps, ComponentType, FormEvent, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

export type TitledCardProps = Omit<ComponentProps<'div'>, 'title'> & {
  title: ReactNode;
  /** The heading's id, for a card that is a region labelled by its title. */
  titleId?: string;
  titleClassName?: string;
  /** Drawn before the title, in the primary colour. */
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  description?: ReactNode;
  descriptionClassName?: string;
  contentClassName?: string;
  /** Drawn in the card's content; without it the card has no content. */
  children?: ReactNode;
  /** Drawn in the card's footer, below the content (the ways on). */
  footer?: ReactNode;
  footerClassName?: string;
};

export function TitledCard({
  title,
  titleId,
  titleClassName = 'text-xl',
  icon: Icon,
  description,
  descriptionClassName,
  contentClassName,
  children,
  footer,
  footerClassName,
  ...cardProps
}: TitledCardProps) {
  return (
    <Card {...cardProps}>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId} className={Icon ? cn('flex items-center gap-2', titleClassName) : titleClassName}>
            {Icon ? <Icon className="size-5 text-primary" aria-hidden="true" /> : null}
            {title}
          </h2>
        </CardTitle>
        {description === undefined ? null : (
          <CardDescription className={descriptionClassName}>{description}</CardDescription>
        )}
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
      <form
        noValidate
        aria-label={formLabel}
        onSubmit={(event) => void onSubmit(event)}
        className={formClassName}
      >
        {children}
      </form>
    </TitledCard>
  );
}
