/**
 * 'Course Access Required' for a signed-in user who is neither a member nor enrolled
 * (docs/behaviour/member-learning.md#progress-dashboard).
 */
import { Link } from 'react-router-dom';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@platform/ui';
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
        <Button asChild>
          <Link to="/membership">View Membership Plans</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/services">Explore Services</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/">Back to Home</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
