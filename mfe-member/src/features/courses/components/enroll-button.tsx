/** 'Enroll Now': enrols the member in the course; the course reads refresh and the card shows 'View Course'. */
import { Button } from '@platform/ui';
import type { ButtonProps } from '@platform/ui';
import { useEnrollInCourse } from '../api/enroll-in-course';

export function EnrollButton({
  courseId,
  title,
  ...props
}: { courseId: number; title: string } & Omit<ButtonProps, 'onClick' | 'children' | 'asChild'>) {
  const enroll = useEnrollInCourse();
  return (
    <Button
      type="button"
      {...props}
      disabled={enroll.isPending || props.disabled}
      aria-busy={enroll.isPending}
      onClick={() => enroll.mutate({ courseId, title })}
    >
      {enroll.isPending ? 'Enrolling...' : 'Enroll Now'}
    </Button>
  );
}
