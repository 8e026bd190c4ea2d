/** One of 'My Enrolled Courses': thumbnail, title, 'Enrolled on {date}', the resume line, 'Continue Learning'. */
import { Link } from 'react-router-dom';
import { ButtonLink, Card, CardContent, CardFooter, CardHeader } from '@platform/ui';
import { formatEnrolledOn } from '../lib/dashboard-rules';
import type { EnrolledCourse } from '../lib/dashboard-rules';
import { CourseCardTitle } from '../../courses/components/course-card-header';
import { CourseThumbnail } from '../../courses/components/course-thumbnail';

export function EnrolledCourseCard({ item }: { item: EnrolledCourse }) {
  const { course, enrolledAt } = item;
  const headingId = `enrolled-course-${course.id}`;
  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden"
      data-testid="enrolled-course"
    >
      <CourseThumbnail src={course.thumbnail} />
      <CardHeader className="gap-1 pt-4">
        <CourseCardTitle course={course} headingId={headingId} headingLevel="h3" />
        <p className="text-sm text-muted-foreground">{formatEnrolledOn(enrolledAt)}</p>
      </CardHeader>
      <CardContent className="flex-1 pt-2 text-sm">
        {course.resume ? (
          <Link
            to={`/lessons/${course.resume.lessonId}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Continue where you left off
          </Link>
        ) : (
          <p className="text-muted-foreground">Continue where you left off</p>
        )}
      </CardContent>
      <CardFooter className="pt-4">
        <ButtonLink to={`/courses/${course.id}`} className="w-full">
          Continue Learning
        </ButtonLink>
      </CardFooter>
    </Card>
  );
}
