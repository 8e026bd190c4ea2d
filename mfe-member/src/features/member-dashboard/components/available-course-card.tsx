/**
 * One of 'Available Courses': thumbnail (locked for non-members), title, difficulty, description, the
 * drip line, and 'View Course' / 'Enroll Now' (enrols on the spot) / 'Upgrade to Access'.
 */
import { CardContent } from '@platform/ui';
import { showsLockOverlay } from '../lib/dashboard-rules';
import { CourseCardFrame } from '../../courses/components/course-card';
import type { CourseCardProps } from '../../courses/components/course-card';

export function AvailableCourseCard({ course, isMember, isAdmin = false }: CourseCardProps) {
  return (
    <CourseCardFrame
      course={course}
      isMember={isMember}
      isAdmin={isAdmin}
      headingId={`available-course-${course.id}`}
      headingLevel="h3"
      locked={showsLockOverlay(isMember || isAdmin)}
      testId="available-course"
    >
      <CardContent className="flex-1 pt-2">
        <p className="text-sm text-muted-foreground">Drip-feed content - new section daily</p>
      </CardContent>
    </CourseCardFrame>
  );
}
