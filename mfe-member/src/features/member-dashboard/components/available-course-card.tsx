/**
 * One of 'Available Courses': thumbnail (locked for non-members), title, difficulty, description, the
 * drip line, and 'View Course' / 'Enroll Now' (enrols on the spot) / 'Upgrade to Access'.
 */
import type { CourseSummary } from '@platform/contracts';
import { Card, CardContent, CardFooter } from '@platform/ui';
import { getCourseAction, showsLockOverlay } from '../lib/dashboard-rules';
import { CourseCardHeader } from '../../courses/components/course-card-header';
import { CourseActionButton } from '../../courses/components/course-action-button';

export function AvailableCourseCard({
  course,
  isMember,
  isAdmin = false,
}: {
  course: CourseSummary;
  isMember: boolean;
  /** The admin previews every course: 'View Course', no lock (docs/decisions.md, 30). */
  isAdmin?: boolean;
}) {
  const action = getCourseAction(course, isMember, isAdmin);
  const headingId = `available-course-${course.id}`;
  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden"
      data-testid="available-course"
    >
      <CourseCardHeader
        course={course}
        headingId={headingId}
        headingLevel="h3"
        locked={showsLockOverlay(isMember || isAdmin)}
      />
      <CardContent className="flex-1 pt-2">
        <p className="text-sm text-muted-foreground">Drip-feed content - new section daily</p>
      </CardContent>
      <CardFooter className="pt-4">
        <CourseActionButton course={course} action={action} />
      </CardFooter>
    </Card>
  );
}
