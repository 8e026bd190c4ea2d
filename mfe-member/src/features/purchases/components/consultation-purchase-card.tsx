/**
 * 'Your Restaurant Consultation' (docs/behaviour/member-learning.md#progress-dashboard): a buyer of the
 * consultation who has not sent it yet is told how to get it, with the way to the consultation form. Both
 * dashboards show it.
 */
import { Link } from 'react-router-dom';
import { CONSULTATION_NEXT_STEP } from '@platform/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@platform/ui';

export function ConsultationPurchaseCard() {
  return (
    <Card
      role="region"
      aria-labelledby="consultation-purchase"
      className="border-primary/40 bg-primary/5"
      data-testid="consultation-purchase"
    >
      <CardHeader>
        <CardTitle asChild>
          <h2 id="consultation-purchase" className="text-xl">
            {CONSULTATION_NEXT_STEP.title}
          </h2>
        </CardTitle>
        <CardDescription className="text-foreground">{CONSULTATION_NEXT_STEP.text}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild className="w-full sm:w-auto">
          <Link to={CONSULTATION_NEXT_STEP.path}>{CONSULTATION_NEXT_STEP.linkLabel}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
