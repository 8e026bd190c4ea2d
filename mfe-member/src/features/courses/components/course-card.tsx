/**
 * One course on /courses: thumbnail (locked for non-members), title, difficulty, description, its size,
 * the drip line, and 'View Course' / 'Enroll Now' / 'Upgrade to Access'.
 */
import type { CourseSummary } from '@platform/contracts';
import { Card, CardContent, CardFooter } from '@platform/ui';
import { formatCourseSize, getCourseAction } from '../lib/course-rules';
import { CourseCardHeader } from './course-card-header';
import { CourseActionButton } from './course-action-button';

export function CourseCard({
  course,
  isMember,
  isAdmin = false,
}: {
  course: CourseSummary;
  isMember: boolean;
  isAdmin?: boolean;
}) {
  const action = getCourseAction(course, isMember, isAdmin);
  const headingId = `course-${course.id}`;
  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden"
      data-testid="course-card"
    >
      <CourseCardHeader
        course={course}
        headingId={headingId}
        headingLevel="h2"
        locked={!isMember && !isAdmin && !course.isEnrolled}
      />
      <CardContent className="flex-1 space-y-1 pt-2 text-sm">
        <p className="font-medium" data-testid="course-size">
          {formatCourseSize(course)}
        </p>
        <p className="text-muted-foreground">Drip-feed content - new section daily</p>
      </CardContent>
      <CardFooter className="pt-4">
        <CourseActionButton course={course} action={action} />
      </CardFooter>
    </Card>
  );
}
