/** A small button acting on one file of an upload list ('Retry', 'Remove', …), naming the file to screen readers. */
import type { ComponentProps, ComponentType } from 'react';
import { Button } from '@platform/ui';
import { XIcon } from 'lucide-react';

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

/** 'Remove' on a chosen file not sent yet: it leaves the list of files to upload. */
export function RemoveFileButton({
  fileName,
  onClick,
  disabled,
}: {
  fileName: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <FileActionButton
      icon={XIcon}
      label="Remove"
      fileName={fileName}
      variant="ghost"
      disabled={disabled}
      onClick={onClick}
    />
  );
}
