/** A course card's button: 'View Course' and 'Upgrade to Access' are links, 'Enroll Now' enrols on the spot. */
import { ButtonLink } from '@platform/ui';
import type { CourseAction } from '../lib/course-rules';
import { EnrollButton } from './enroll-button';

export function CourseActionButton({
  course,
  action,
}: {
  course: { id: number; title: string };
  action: CourseAction;
}) {
  if (action.label === 'Enroll Now') {
    return <EnrollButton courseId={course.id} title={course.title} className="w-full" />;
  }
  return (
    <ButtonLink
      to={action.href}
      className="w-full"
      variant={action.label === 'Upgrade to Access' ? 'outline' : 'default'}
    >
      {action.label}
    </ButtonLink>
  );
}
