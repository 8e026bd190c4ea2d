/**
 * One offer among others side by side (a programme of the pricing page, a membership plan): its badge, name,
 * price, description and what it gives, then the button that takes it, naming the offer to screen readers.
 */
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Badge } from './badge';
import { Button } from './button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

export type OfferCardProps = {
  /** The heading's id (the card is labelled by it) and the card's test id. */
  id: string;
  name: string;
  /** Above the card's top edge (the recommended one, the chosen one); none when null or undefined. */
  badge?: ReactNode;
  /** The recommended offer: outlined and its button filled. */
  featured: boolean;
  /** Outlined as the featured one is, the button keeping its look. */
  selected?: boolean;
  price: ReactNode;
  priceClassName?: string;
  /** Beside the price ('per month'). */
  priceNote: ReactNode;
  /** Between the price and the description (what a longer plan saves). */
  note?: ReactNode;
  description: ReactNode;
  /** What it gives: the list of features. */
  children: ReactNode;
  /** Above the button in the footer (an agreement to tick). */
  beforeAction?: ReactNode;
  footerClassName?: string;
  actionLabel: ReactNode;
  actionDisabled?: boolean;
  onAction: () => void;
};

export function OfferCard({
  id,
  name,
  badge,
  featured,
  selected = false,
  price,
  priceClassName,
  priceNote,
  note,
  description,
  children,
  beforeAction,
  footerClassName,
  actionLabel,
  actionDisabled,
  onAction,
}: OfferCardProps) {
  return (
    <Card
      role="group"
      aria-labelledby={id}
      className={cn(
        'relative flex h-full flex-col',
        (featured || selected) && 'border-primary shadow-md ring-1 ring-primary',
      )}
      data-testid={id}
    >
      {badge ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap shadow">{badge}</Badge>
      ) : null}
      <CardHeader className="gap-2 pt-8">
        <CardTitle asChild>
          <h2 id={id} className="text-xl">
            {name}
          </h2>
        </CardTitle>
        <p>
          <span className={cn('text-3xl font-bold tracking-tight', priceClassName)}>{price}</span>{' '}
          <span className="text-sm text-muted-foreground">{priceNote}</span>
        </p>
        {note}
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">{children}</CardContent>
      <CardFooter className={footerClassName}>
        {beforeAction}
        <Button
          size="lg"
          className="w-full"
          variant={featured ? 'default' : 'outline'}
          disabled={actionDisabled}
          onClick={onAction}
        >
          {actionLabel}
          <span className="sr-only">: {name}</span>
        </Button>
      </CardFooter>
    </Card>
  );
}
