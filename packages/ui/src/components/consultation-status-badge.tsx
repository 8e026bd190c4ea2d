/** A submission's status as a coloured badge: pending yellow, in_review blue, completed green, cancelled red, else grey. */
import { cn } from '../lib/cn';
import { STATUS_TONE_CLASSES, getStatusLabel, getStatusTone } from '../consultation/consultation-status';
import { Badge } from './badge';

export function ConsultationStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge
      className={cn(STATUS_TONE_CLASSES[getStatusTone(status)], className)}
      data-testid="consultation-status"
      data-status={status}
    >
      {getStatusLabel(status)}
    </Badge>
  );
}
