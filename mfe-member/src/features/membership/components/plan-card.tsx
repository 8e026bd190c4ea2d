/**
 * One membership plan (docs/behaviour/checkout-and-payments.md#membership-page): price per period, savings,
 * features, 'Select Plan'.
 */
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  CheckList,
  cn,
} from '@platform/ui';
import { formatMoney } from '@platform/contracts/format';
import type { MembershipPlan } from '../lib/membership-plans';

export function PlanCard({ plan, onSelect }: { plan: MembershipPlan; onSelect: () => void }) {
  const headingId = `plan-${plan.id}`;
  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      className={cn(
        'relative flex h-full flex-col',
        plan.popular && 'border-primary shadow-md ring-1 ring-primary',
      )}
      data-testid={`plan-${plan.id}`}
    >
      {plan.popular ? (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap shadow">
          Most Popular
        </Badge>
      ) : null}
      <CardHeader className="gap-2 pt-8">
        <CardTitle asChild>
          <h2 id={headingId} className="text-xl">
            {plan.name}
          </h2>
        </CardTitle>
        <p>
          <span className="text-3xl font-bold tracking-tight tabular-nums">{formatMoney(plan.price)}</span>{' '}
          <span className="text-sm text-muted-foreground">per {plan.period}</span>
        </p>
        {plan.savings ? <p className="text-sm font-medium text-success">{plan.savings}</p> : null}
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <CheckList items={plan.features} className="space-y-2 text-sm" itemClassName="items-start" />
      </CardContent>
      <CardFooter>
        <Button
          size="lg"
          className="w-full"
          variant={plan.popular ? 'default' : 'outline'}
          onClick={onSelect}
        >
          Select Plan<span className="sr-only">: {plan.name}</span>
        </Button>
      </CardFooter>
    </Card>
  );
}
