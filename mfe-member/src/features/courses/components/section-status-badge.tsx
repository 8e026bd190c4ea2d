/** The Completed / Available / Locked / Free Preview badge of a section. */
import { Badge } from '@platform/ui';
import type { SectionStatus } from '../lib/section-state';

const VARIANT = {
  Completed: 'success',
  Available: 'default',
  Locked: 'secondary',
  'Free Preview': 'outline',
} as const;

export function SectionStatusBadge({ status }: { status: SectionStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-testid="section-status">
      {status}
    </Badge>
  );
}
