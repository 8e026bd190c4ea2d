/**
 * A signed-in account without a revenue-share plan: reporting is refused by the server (403), so the page
 * explains why and leads to the welcome page instead of showing the form.
 */
import { REVENUE_REPORT_MESSAGES } from '@platform/contracts';
import { ButtonLink, TitledCard } from '@platform/ui';
import { NOT_ON_PLAN } from '../lib/report-copy';

export function NotOnPlan() {
  return (
    <TitledCard
      className="mx-auto mt-8 max-w-xl text-center"
      data-testid="not-on-plan"
      headerClassName="items-center gap-2"
      title={NOT_ON_PLAN.title}
      description={<>{REVENUE_REPORT_MESSAGES.notOnPlan}.</>}
      descriptionClassName="text-base"
      contentClassName="space-y-4"
    >
      <p className="text-sm text-muted-foreground">{NOT_ON_PLAN.text}</p>
      <ButtonLink to="/revenue-share-welcome">{NOT_ON_PLAN.link}</ButtonLink>
    </TitledCard>
  );
}
