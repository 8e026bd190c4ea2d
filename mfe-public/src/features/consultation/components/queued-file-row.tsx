/** One chosen file of step 2: a thumbnail for photos, its state, its real upload progress and actions. */
import { useEffect, useState } from 'react';
import { ProgressWithPercent, formatBytes } from '@platform/ui/upload-progress';
import {
  FileTextIcon,
  FilmIcon,
  PauseIcon,
  PlayIcon,
  RotateCcwIcon,
  TriangleAlertIcon,
  WifiOffIcon,
  XIcon,
} from 'lucide-react';
import { TRANSFER_COPY } from '../lib/consultation-copy';
import { isImageFile, isVideoFile } from '../lib/file-rules';
import type { QueuedFile } from '../lib/upload-queue';
import { FileActionButton, RemoveFileButton } from '../../../components/file-action-button';
import { UploadedBadge } from '../../../components/uploaded-badge';

/** A preview address for a chosen photo, released when the row goes away. */
function useObjectUrl(file: File, enabled: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || typeof URL.createObjectURL !== 'function') return;
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file, enabled]);
  return url;
}

function FileThumbnail({ item }: { item: QueuedFile }) {
  const [isBroken, setIsBroken] = useState(false);
  const isImage = isImageFile(item.file) && item.status !== 'refused' && !isBroken;
  const url = useObjectUrl(item.file, isImage);
  if (isImage && url)
    return (
      <img
        src={url}
        alt=""
        // Not a picture the browser can show (a HEIC photo, or not a photo at all): the file icon instead.
        onError={() => setIsBroken(true)}
        className="size-14 shrink-0 rounded-md border border-border object-cover"
      />
    );
  const Icon = isVideoFile(item.file) ? FilmIcon : FileTextIcon;
  return (
    <span className="flex size-14 shrink-0 items-center justify-center rounded-md border border-border bg-muted">
      <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
    </span>
  );
}

/** What a row's buttons do to its file, by the file's id. */
export type QueuedFileActions = {
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
  onPause: (id: string) => void;
  onResume: (id: string) => void;
  onCancel: (id: string) => void;
};

type QueuedFileRowProps = QueuedFileActions & {
  item: QueuedFile;
  /** Completing is sending the chosen files: they can be neither removed nor retried meanwhile. */
  isLocked?: boolean;
};

/** What an upload on its way is doing: a resumable one says more (paused, waiting for the network). */
function uploadingText(item: QueuedFile): string {
  switch (item.transfer) {
    case 'paused':
      return TRANSFER_COPY.paused;
    case 'waiting-for-network':
      return TRANSFER_COPY.waitingForNetwork;
    case 'finishing':
      return 'Processing…';
    default:
      return item.percent >= 100 ? 'Processing…' : 'Uploading…';
  }
}

export function QueuedFileRow({
  item,
  isLocked = false,
  onRemove,
  onRetry,
  onPause,
  onResume,
  onCancel,
}: QueuedFileRowProps) {
  const statusId = `${item.id}-status`;
  const canPause =
    item.status === 'uploading' && (item.transfer === 'uploading' || item.transfer === 'waiting-for-network');
  const canResume = item.status === 'uploading' && item.transfer === 'paused';
  return (
    <li
      className="flex gap-3 rounded-lg border border-border p-3"
      data-testid="queued-file"
      data-status={item.status}
      aria-describedby={statusId}
    >
      <FileThumbnail item={item} />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <p className="min-w-0 font-medium break-all">{item.name}</p>
          <span className="text-xs text-muted-foreground tabular-nums">{formatBytes(item.size)}</span>
        </div>
        <div id={statusId} className="text-sm">
          {item.status === 'pending' ? <p className="text-muted-foreground">Ready to upload</p> : null}
          {item.status === 'uploading' || item.status === 'stored' ? (
            <ProgressWithPercent
              percent={item.percent}
              label={`Upload of ${item.name}`}
              percentClassName="w-10 text-right text-xs font-medium tabular-nums"
            />
          ) : null}
          {item.status === 'uploading' ? (
            <p
              className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground"
              role="status"
              data-testid="upload-transfer"
              data-transfer={item.transfer ?? 'uploading'}
            >
              {item.transfer === 'waiting-for-network' ? (
                <WifiOffIcon className="size-3.5 shrink-0" aria-hidden="true" />
              ) : null}
              {uploadingText(item)}
            </p>
          ) : null}
          {canPause || canResume ? (
            <div className="flex flex-wrap gap-2 pt-2">
              {canResume ? (
                <FileActionButton
                  icon={PlayIcon}
                  label={TRANSFER_COPY.resume}
                  fileName={item.name}
                  onClick={() => onResume(item.id)}
                />
              ) : (
                <FileActionButton
                  icon={PauseIcon}
                  label={TRANSFER_COPY.pause}
                  fileName={item.name}
                  variant="outline"
                  onClick={() => onPause(item.id)}
                />
              )}
              <FileActionButton
                icon={XIcon}
                label={TRANSFER_COPY.cancel}
                fileName={item.name}
                variant="ghost"
                onClick={() => onCancel(item.id)}
              />
            </div>
          ) : null}
          {item.status === 'stored' ? <UploadedBadge className="mt-1.5" /> : null}
          {item.status === 'refused' || item.status === 'failed' ? (
            <p className="flex items-start gap-1.5 font-medium text-destructive">
              <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {item.status === 'refused' ? 'Not accepted: ' : 'Upload failed: '}
                {item.reason}
              </span>
            </p>
          ) : null}
        </div>
        {item.status === 'failed' || item.status === 'pending' || item.status === 'refused' ? (
          <div className="flex flex-wrap gap-2 pt-1">
            {item.status === 'failed' ? (
              <FileActionButton
                icon={RotateCcwIcon}
                label="Retry"
                fileName={item.name}
                variant="outline"
                disabled={isLocked}
                onClick={() => onRetry(item.id)}
              />
            ) : null}
            <RemoveFileButton fileName={item.name} disabled={isLocked} onClick={() => onRemove(item.id)} />
          </div>
        ) : null}
      </div>
    </li>
  );
}
