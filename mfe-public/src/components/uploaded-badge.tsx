/** The mark of a file the server has stored. */
import { Badge } from '@platform/ui';
import { CircleCheckIcon } from 'lucide-react';

export function UploadedBadge({ className }: { className?: string }) {
  return (
    <Badge variant="success" className={className}>
      <CircleCheckIcon aria-hidden="true" />
      Uploaded
    </Badge>
  );
}
