/** A course card's button: 'View Course' and 'Upgrade to Access' are links, 'Enroll Now' enrols on the spot. */
import { Link } from 'react-router-dom';
import { Button } from '@platform/ui';
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
    <Button asChild className="w-full" variant={action.label === 'Upgrade to Access' ? 'outline' : 'default'}>
      <Link to={action.href}>{action.label}</Link>
    </Button>
  );
}
