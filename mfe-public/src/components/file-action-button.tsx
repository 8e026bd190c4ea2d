/** A small button acting on one file of an upload list ('Retry', 'Remove', …), naming the file to screen readers. */
import type { ComponentProps, ComponentType } from 'react';
import { Button } from '@platform/ui';

export function FileActionButton({
  icon: Icon,
  label,
  fileName,
  onClick,
  variant,
  disabled,
}: {
  icon: ComponentType<{ 'aria-hidden'?: boolean | 'true' }>;
  label: string;
  fileName: string;
  onClick: () => void;
  variant?: ComponentProps<typeof Button>['variant'];
  disabled?: boolean;
}) {
  return (
    <Button type="button" size="sm" variant={variant} disabled={disabled} onClick={onClick}>
      <Icon aria-hidden="true" />
      {label}
      <span className="sr-only"> {fileName}</span>
    </Button>
  );
}
