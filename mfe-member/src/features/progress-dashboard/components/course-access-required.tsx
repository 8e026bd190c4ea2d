/**
 * 'Course Access Required' for a signed-in user who is neither a member nor enrolled
 * (docs/behaviour/member-learning.md#progress-dashboard).
 */
import { ButtonLink, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@platform/ui';
import { LockIcon } from '../../courses/components/lock-icon';

export function CourseAccessRequired() {
  return (
    <Card className="mx-auto mt-10 max-w-xl text-center" data-testid="course-access-required">
      <CardHeader className="items-center gap-3">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <LockIcon className="size-6" />
        </span>
        <CardTitle asChild>
          <h2 className="text-2xl">Course Access Required</h2>
        </CardTitle>
        <CardDescription className="text-base">
          The course sections are for members. Choose a membership plan or one of our programs to start
          learning.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/membership">View Membership Plans</ButtonLink>
        <ButtonLink to="/services" variant="outline">
          Explore Services
        </ButtonLink>
        <ButtonLink to="/" variant="ghost">
          Back to Home
        </ButtonLink>
      </CardContent>
    </Card>
  );
}
