/**
 * 'Action Required' (docs/behaviour/member-learning.md#progress-dashboard): an rs_pending owner who has not
 * started the restaurant consultation is asked for it; sections after the first wait for it. Module 1 is open
 * meanwhile.
 */
import { ButtonLink, Skeleton, TitledCard } from '@platform/ui';

/** `firstModuleId` undefined: the course is still loading (the second button's place is kept). */
export function ConsultationBanner({ firstModuleId }: { firstModuleId: number | null | undefined }) {
  return (
    <TitledCard
      titleId="action-required"
      region
      className="border-warning bg-warning/10"
      data-testid="consultation-banner"
      title="Action Required"
      description={
        <>
          Submit your restaurant consultation to unlock the rest of the course. Sections 2 to 8 open once it
          is submitted; Module 1 is ready for you now.
        </>
      }
      descriptionClassName="text-foreground"
      contentClassName="flex flex-col gap-3 sm:flex-row"
    >
      <ButtonLink to="/consultation">Submit Restaurant Consultation</ButtonLink>
      {firstModuleId === undefined ? (
        <Skeleton className="h-10 w-full rounded-md sm:w-40" />
      ) : firstModuleId !== null ? (
        <ButtonLink to={`/module/${firstModuleId}`} variant="outline">
          Continue with Module 1
        </ButtonLink>
      ) : null}
    </TitledCard>
  );
}
