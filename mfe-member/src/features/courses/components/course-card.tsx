/**
 * One course on /courses: thumbnail (locked for non-members), title, difficulty, description, its size,
 * the drip line, and 'View Course' / 'Enroll Now' / 'Upgrade to Access'. `CourseCardFrame` is the card
 * both it and the dashboard's 'Available Courses' draw around what they say in the middle.
 */
import type { CourseSummary } from '@platform/contracts';
import { Card, CardContent, CardFooter } from '@platform/ui';
import type { ReactNode } from 'react';
import { formatCourseSize, getCourseAction } from '../lib/course-rules';
import { CourseCardHeader } from './course-card-header';
import { CourseActionButton } from './course-action-button';

export type CourseCardProps = {
  course: CourseSummary;
  isMember: boolean;
  /** The admin previews every course: 'View Course', no lock (docs/decisions.md, 30). */
  isAdmin?: boolean;
};

export function CourseCardFrame({
  course,
  isMember,
  isAdmin = false,
  headingId,
  headingLevel,
  locked,
  testId,
  children,
}: CourseCardProps & {
  headingId: string;
  headingLevel: 'h2' | 'h3';
  locked: boolean;
  testId: string;
  children: ReactNode;
}) {
  const action = getCourseAction(course, isMember, isAdmin);
  return (
    <Card
      role="group"
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden"
      data-testid={testId}
    >
      <CourseCardHeader course={course} headingId={headingId} headingLevel={headingLevel} locked={locked} />
      {children}
      <CardFooter className="pt-4">
        <CourseActionButton course={course} action={action} />
      </CardFooter>
    </Card>
  );
}

export function CourseCard({ course, isMember, isAdmin = false }: CourseCardProps) {
  return (
    <CourseCardFrame
      course={course}
      isMember={isMember}
      isAdmin={isAdmin}
      headingId={`course-${course.id}`}
      headingLevel="h2"
      locked={!isMember && !isAdmin && !course.isEnrolled}
      testId="course-card"
    >
      <CardContent className="flex-1 space-y-1 pt-2 text-sm">
        <p className="font-medium" data-testid="course-size">
          {formatCourseSize(course)}
        </p>
        <p className="text-muted-foreground">Drip-feed content - new section daily</p>
      </CardContent>
    </CourseCardFrame>
  );
}
