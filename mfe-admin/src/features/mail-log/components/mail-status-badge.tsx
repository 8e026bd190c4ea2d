import { Badge, cn } from '@platform/ui';
import { STATUS_TONE_CLASSES } from '@platform/ui/consultation-status';
import { describeMailStatus } from '../lib/mail-log';

/** A message's delivery status as a coloured badge ('Sent', 'Logged', 'Queued', 'Failed'). */
export function MailStatusBadge({ status }: { status: string }) {
  const { label, tone } = describeMailStatus(status);
  return (
    <Badge className={cn(STATUS_TONE_CLASSES[tone])} data-testid="mail-status">
      {label}
    </Badge>
  );
}
