/**
 * One course on /courses: thumbnail (locked for non-members), title, difficulty, description, its size,
 * the drip line, and 'View Course' / 'Enroll Now' / 'Upgrade to Access'.
 */
import type { CourseSummary } from '@platform/contracts';
import { Badge, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@platform/ui';
import { formatCourseSize, getCourseAction } from '../lib/course-rules';
import { CourseThumbnail } from './course-thumbnail';
import { CourseActionButton } from './course-action-button';

export function CourseCard({ course, isMember }: { course: CourseSummary; isMember: boolean }) {
  const action = getCourseAction(course, isMember);
  const headingId = `course-${course.id}`;
  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden"
      data-testid="course-card"
    >
      <CourseThumbnail src={course.thumbnail} locked={!isMember && !course.isEnrolled} />
      <CardHeader className="gap-2 pt-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle asChild>
            <h2 id={headingId} className="text-lg">
              {course.title}
            </h2>
          </CardTitle>
          <Badge variant="secondary" className="capitalize">
            {course.difficulty}
          </Badge>
        </div>
        <CardDescription>{course.description}</CardDescription>
      </CardHeader>
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
