/**
 * What a member sees on /membership (docs/behaviour/checkout-and-payments.md#membership-page): the way to the
 * courses and the dashboard.
 */
import { Badge, ButtonLink, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@platform/ui';

export function AlreadyMemberCard({ status }: { status: string | null | undefined }) {
  return (
    <Card className="mx-auto max-w-xl text-center" data-testid="already-member">
      <CardHeader className="items-center gap-3">
        <Badge variant="success">{status === 'trial' ? 'Trial Membership' : 'Active Membership'}</Badge>
        <CardTitle asChild>
          <h1 className="text-2xl">You&apos;re already a member</h1>
        </CardTitle>
        <CardDescription>
          Your membership is active: every course and section is open to you as it is released.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/member/dashboard" size="lg">
          Go to Dashboard
        </ButtonLink>
        <ButtonLink to="/courses" size="lg" variant="outline">
          Browse Courses
        </ButtonLink>
      </CardContent>
    </Card>
  );
}
