/** One input of step 2 (photos, walkthrough video or menu): choose, review, upload, retry. */
import { useId } from 'react';
import type { ChangeEvent, ComponentType } from 'react';
import { Button, TitledCard } from '@platform/ui';
import { FilePickButton } from '@platform/ui/upload-progress';
import { LoaderCircleIcon, UploadIcon } from 'lucide-react';
import type { UploadSlot } from '../lib/file-rules';
import { countByStatus, getSendable } from '../lib/upload-queue';
import type { QueuedFile } from '../lib/upload-queue';
import { QueuedFileRow, type QueuedFileActions } from './queued-file-row';

type UploadSlotCardProps = {
  slot: UploadSlot;
  title: string;
  description: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  accept: string;
  multiple: boolean;
  chooseLabel: string;
  /** 'photo' → 'Upload 2 photos'. */
  noun: string;
  items: QueuedFile[];
  /** Its files are being sent. */
  isBusy: boolean;
  /** Completing is sending the chosen files: nothing is chosen or sent from here meanwhile. */
  isLocked?: boolean;
  onChoose: (slot: UploadSlot, files: File[]) => void;
  onUpload: (slot: UploadSlot) => void;
  /** What each chosen file's buttons do. */
  fileActions: QueuedFileActions;
};

export function UploadSlotCard({
  slot,
  title,
  description,
  icon: Icon,
  accept,
  multiple,
  chooseLabel,
  noun,
  items,
  isBusy,
  isLocked = false,
  onChoose,
  onUpload,
  fileActions,
}: UploadSlotCardProps) {
  const inputId = useId();
  const headingId = `${inputId}-heading`;
  const sendable = getSendable(items, slot).length;
  const counts = countByStatus(items);
  const isDisabled = isBusy || isLocked;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChoose(slot, Array.from(event.target.files ?? []));
    // The same file may be chosen again after it was removed.
    event.target.value = '';
  };

  return (
    <TitledCard
      aria-labelledby={headingId}
      role="region"
      data-testid={`upload-slot-${slot}`}
      icon={Icon}
      title={title}
      titleId={headingId}
      description={description}
      contentClassName="space-y-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <FilePickButton
          id={inputId}
          className="w-full sm:w-auto"
          accept={accept}
          multiple={multiple}
          disabled={isDisabled}
          onChange={onChange}
        >
          <Icon className="size-4" aria-hidden="true" />
          {chooseLabel}
        </FilePickButton>
        <Button
          type="button"
          className="w-full sm:w-auto"
          disabled={sendable === 0 || isDisabled}
          onClick={() => onUpload(slot)}
        >
          {isBusy ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <UploadIcon aria-hidden="true" />
          )}
          {isBusy
            ? 'Uploading...'
            : sendable > 0
              ? `Upload ${sendable} ${noun}${sendable === 1 ? '' : 's'}`
              : `Upload ${noun}${multiple ? 's' : ''}`}
        </Button>
      </div>
      {items.length > 0 ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {counts.stored} uploaded
            {counts.pending ? ` · ${counts.pending} ready` : ''}
            {counts.uploading ? ` · ${counts.uploading} uploading` : ''}
            {counts.refused + counts.failed ? ` · ${counts.refused + counts.failed} not uploaded` : ''}
          </p>
          <ul className="space-y-2" aria-label={`${title}: chosen files`}>
            {items.map((item) => (
              <QueuedFileRow key={item.id} item={item} isLocked={isLocked} {...fileActions} />
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">No files chosen yet.</p>
      )}
    </TitledCard>
  );
}
