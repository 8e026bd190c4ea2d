/** One programme of the pricing page with its agreement checkbox and a link to its terms. */
import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import type { Ref } from 'react';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Label,
  ServerMarkup,
  cn,
  useHydrated,
} from '@platform/ui';
import { Checkbox } from '@platform/ui/checkbox';
import { CheckIcon } from 'lucide-react';
import type { Programme } from '../lib/pricing-programmes';
import { TERMS_ANCHORS } from '../../../lib/terms-anchors';

type ProgrammeCardProps = {
  programme: Programme;
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  onProceed: () => void;
  /** Why the button did nothing: the box is not ticked. */
  agreementMessage: string | null;
  isSelected: boolean;
  isBusy: boolean;
};

export const ProgrammeCard = forwardRef(function ProgrammeCard(
  { programme, agreed, onAgreedChange, onProceed, agreementMessage, isSelected, isBusy }: ProgrammeCardProps,
  checkboxRef: Ref<HTMLButtonElement>,
) {
  const hydrated = useHydrated();
  const checkboxId = `agree-${programme.id}`;
  const headingId = `programme-${programme.id}`;
  const messageId = `agree-${programme.id}-message`;
  return (
    <Card
      aria-labelledby={headingId}
      role="group"
      className={cn(
        'relative flex h-full flex-col',
        (programme.highlight || isSelected) && 'border-primary shadow-md ring-1 ring-primary',
      )}
      data-testid={`programme-${programme.id}`}
    >
      {programme.highlight || isSelected ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap shadow">
          {isSelected ? 'Your selected program' : programme.highlight}
        </Badge>
      ) : null}
      <CardHeader className="gap-2 pt-8">
        <CardTitle asChild>
          <h2 id={headingId} className="text-xl">
            {programme.name}
          </h2>
        </CardTitle>
        <p>
          <span className="text-3xl font-bold tracking-tight">{programme.price}</span>{' '}
          <span className="text-sm text-muted-foreground">{programme.priceNote}</span>
        </p>
        <CardDescription>{programme.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        {/* Text only: the first view keeps it as drawn (docs/decisions.md, 109). Drawn at once: the first
            card's list is on a phone's first screen (docs/decisions.md, 115). */}
        <ServerMarkup as="ul" className="space-y-2 text-sm">
          {programme.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ServerMarkup>
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-4">
        <div className="flex items-start gap-3">
          <Checkbox
            ref={checkboxRef}
            id={checkboxId}
            checked={agreed}
            // Prerendered: the box takes a tick only once React has hydrated the page (a tick before
            // would show in the page and not in its state).
            disabled={!hydrated}
            onCheckedChange={(value) => onAgreedChange(value === true)}
            aria-invalid={agreementMessage ? true : undefined}
            aria-describedby={agreementMessage ? messageId : undefined}
            className="mt-0.5"
          />
          <div className="text-sm leading-snug">
            <Label htmlFor={checkboxId} className="cursor-pointer font-normal">
              I agree to the terms and conditions
              <span className="sr-only"> for {programme.name}</span>
            </Label>{' '}
            <Link
              to={`/terms#${TERMS_ANCHORS[programme.id]}`}
              className="text-primary underline underline-offset-4"
            >
              Read the terms<span className="sr-only"> of the {programme.name}</span>
            </Link>
          </div>
        </div>
        {agreementMessage ? (
          <p id={messageId} role="alert" className="-mt-2 text-sm font-medium text-destructive">
            {agreementMessage}
          </p>
        ) : null}
        <Button
          size="lg"
          className="w-full"
          variant={programme.highlight ? 'default' : 'outline'}
          disabled={isBusy}
          onClick={onProceed}
        >
          {programme.action}
          <span className="sr-only">: {programme.name}</span>
        </Button>
      </CardFooter>
    </Card>
  );
});
