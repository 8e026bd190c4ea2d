/** One programme of the pricing page with its agreement checkbox and a link to its terms. */
import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import type { Ref } from 'react';
import { Label, OfferCard, ServerMarkup, useHydrated } from '@platform/ui';
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
  const messageId = `agree-${programme.id}-message`;
  return (
    <OfferCard
      id={`programme-${programme.id}`}
      name={programme.name}
      badge={isSelected ? 'Your selected program' : programme.highlight}
      featured={Boolean(programme.highlight)}
      selected={isSelected}
      price={programme.price}
      priceNote={programme.priceNote}
      description={programme.description}
      footerClassName="flex-col items-stretch gap-4"
      beforeAction={
        <>
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
        </>
      }
      actionLabel={programme.action}
      actionDisabled={isBusy}
      onAction={onProceed}
    >
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
    </OfferCard>
  );
});
