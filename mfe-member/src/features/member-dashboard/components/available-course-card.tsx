/**
 * One of 'Available Courses': thumbnail (locked for non-members), title, difficulty, description, the
 * drip line, and 'View Course' / 'Enroll Now' (enrols on the spot) / 'Upgrade to Access'.
 */
import type { CourseSummary } from '@platform/contracts';
import { Badge, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@platform/ui';
import { getCourseAction, showsLockOverlay } from '../lib/dashboard-rules';
import { CourseThumbnail } from '../../courses/components/course-thumbnail';
import { CourseActionButton } from '../../courses/components/course-action-button';

export function AvailableCourseCard({ course, isMember }: { course: CourseSummary; isMember: boolean }) {
  const action = getCourseAction(course, isMember);
  const headingId = `available-course-${course.id}`;
  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden"
      data-testid="available-course"
    >
      <CourseThumbnail src={course.thumbnail} locked={showsLockOverlay(isMember)} />
      <CardHeader className="gap-2 pt-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle asChild>
            <h3 id={headingId} className="text-lg">
              {course.title}
            </h3>
          </CardTitle>
          <Badge variant="secondary" className="capitalize">
            {course.difficulty}
          </Badge>
        </div>
        <CardDescription>{course.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1 pt-2">
        <p className="text-sm text-muted-foreground">Drip-feed content - new section daily</p>
      </CardContent>
      <CardFooter className="pt-4">
        <CourseActionButton course={course} action={action} />
      </CardFooter>
    </Card>
  );
}
