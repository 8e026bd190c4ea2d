/**
 * 'Your Restaurant Consultation' (docs/behaviour/member-learning.md#progress-dashboard): a buyer of the
 * consultation who has not sent it yet is told how to get it, with the way to the consultation form. Both
 * dashboards show it.
 */
import { CONSULTATION_NEXT_STEP } from '@platform/contracts';
import { ButtonLink, TitledCard } from '@platform/ui';

export function ConsultationPurchaseCard() {
  return (
    <TitledCard
      titleId="consultation-purchase"
      region
      className="border-primary/40 bg-primary/5"
      data-testid="consultation-purchase"
      title={CONSULTATION_NEXT_STEP.title}
      description={CONSULTATION_NEXT_STEP.text}
      descriptionClassName="text-foreground"
    >
      <ButtonLink to={CONSULTATION_NEXT_STEP.path} className="w-full sm:w-auto">
        {CONSULTATION_NEXT_STEP.linkLabel}
      </ButtonLink>
    </TitledCard>
  );
}
