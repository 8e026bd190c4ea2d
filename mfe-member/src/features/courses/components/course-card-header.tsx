/**
 * The top of a course card on /courses and in the dashboard's 'Available Courses': the thumbnail (with the
 * lock overlay when `locked`), then the title, the difficulty badge and the description. The dashboard's
 * enrolled courses draw the same title.
 */
import type { CourseSummary } from '@platform/contracts';
import { Badge, CardDescription, CardHeader, CardTitle } from '@platform/ui';
import { CourseThumbnail } from './course-thumbnail';

type CourseCardTitleProps = {
  course: CourseSummary;
  headingId: string;
  /** h2 where the cards are the page's sections, h3 under a list heading. */
  headingLevel: 'h2' | 'h3';
};

type CourseCardHeaderProps = CourseCardTitleProps & { locked: boolean };

/** A course card's title, the heading that names the card (its `aria-labelledby`). */
export function CourseCardTitle({ course, headingId, headingLevel: Heading }: CourseCardTitleProps) {
  return (
    <CardTitle asChild>
      <Heading id={headingId} className="text-lg">
        {course.title}
      </Heading>
    </CardTitle>
  );
}

export function CourseCardHeader({ course, headingId, headingLevel, locked }: CourseCardHeaderProps) {
  return (
    <>
      <CourseThumbnail src={course.thumbnail} locked={locked} />
      <CardHeader className="gap-2 pt-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CourseCardTitle course={course} headingId={headingId} headingLevel={headingLevel} />
          <Badge variant="secondary" className="capitalize">
            {course.difficulty}
          </Badge>
        </div>
        <CardDescription>{course.description}</CardDescription>
      </CardHeader>
    </>
  );
}
