/** An owner who already agreed: their plan, and the ways on (the dashboard, the monthly report). The page's heading. */
import type { RevenuePlan } from '@platform/contracts';
import { formatDate, formatMoney } from '@platform/contracts/format';
import { ButtonLink, Card, CardContent, CardDescription, CardHeader } from '@platform/ui';
import { ON_PLAN, PLAN_STATUS_LABELS } from '../lib/welcome-copy';

export function AlreadyOnPlan({ plan }: { plan: RevenuePlan }) {
  const facts = [
    { label: ON_PLAN.labels.consentedAt, value: formatDate(plan.consentedAt) },
    { label: ON_PLAN.labels.termsVersion, value: plan.termsVersion },
    {
      label: ON_PLAN.labels.baseline,
      value:
        plan.baselineNetRevenue > 0
          ? formatMoney(plan.baselineNetRevenue)
          : 'None: your whole net revenue counts',
    },
    { label: ON_PLAN.labels.implementationEndsAt, value: formatDate(plan.implementationEndsAt) },
    { label: ON_PLAN.labels.status, value: PLAN_STATUS_LABELS[plan.status] },
    { label: ON_PLAN.labels.amountOwed, value: formatMoney(plan.amountOwed) },
  ];
  return (
    <Card className="mx-auto w-full max-w-2xl" data-testid="already-on-plan">
      <CardHeader>
        <h1 className="text-2xl font-bold tracking-tight">{ON_PLAN.title}</h1>
        <CardDescription className="text-base">{ON_PLAN.text}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {facts.map((fact) => (
            <div key={fact.label}>
              <dt className="text-muted-foreground">{fact.label}</dt>
              <dd className="font-medium">{fact.value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink to="/dashboard">{ON_PLAN.dashboard}</ButtonLink>
          <ButtonLink to="/revenue-report" variant="outline">
            {ON_PLAN.report}
          </ButtonLink>
        </div>
      </CardContent>
    </Card>
  );
}
