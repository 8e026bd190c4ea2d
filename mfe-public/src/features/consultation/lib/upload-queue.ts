/**
 * The files of step 2 and what became of each: chosen (pending), uploading with its percentage, stored,
 * refused with a reason (by the browser's check or the server's), or failed (may be tried again).
 * A pure reducer, so every transition is tested without a browser.
 */
import type { ConsultationFileKind } from '@platform/contracts';
import { toPercent } from '@platform/ui/upload-progress';
import type { UploadSlot } from './file-rules';

export type UploadStatus = 'pending' | 'uploading' | 'stored' | 'refused' | 'failed';

/**
 * What a resumable upload (the video and large files) is doing while its status is 'uploading': sending,
 * paused by the owner, waiting for the network to come back, or being checked once complete.
 */
export type TransferState = 'uploading' | 'paused' | 'waiting-for-network' | 'finishing';

export type QueuedFile<F = File> = {
  id: string;
  slot: UploadSlot;
  /** null when the browser refused it before sending. */
  kind: ConsultationFileKind | null;
  file: F;
  name: string;
  size: number;
  status: UploadStatus;
  loaded: number;
  percent: number;
  /** Why it was refused or failed. */
  reason: string | null;
  /** Set while a resumable upload is on its way (it can be paused); absent for a one-request upload. */
  transfer?: TransferState;
};

export type UploadQueueAction<F = File> =
  | { type: 'add'; items: QueuedFile<F>[] }
  | { type: 'remove'; id: string }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; loaded: number; total: number }
  | { type: 'transfer'; id: string; transfer: TransferState }
  | { type: 'stored'; id: string }
  | { type: 'refused'; id: string; reason: string }
  | { type: 'failed'; id: string; reason: string };

function update<F>(
  queue: QueuedFile<F>[],
  id: string,
  change: (item: QueuedFile<F>) => QueuedFile<F>,
): QueuedFile<F>[] {
  return queue.map((item) => (item.id === id ? change(item) : item));
}

export function reduceUploadQueue<F>(queue: QueuedFile<F>[], action: UploadQueueAction<F>): QueuedFile<F>[] {
  switch (action.type) {
    case 'add':
      return [...queue, ...action.items];
    case 'remove':
      // A file on its way or stored stays listed: only the owner's unsent choices can be taken back.
      return queue.filter(
        (item) => item.id !== action.id || item.status === 'uploading' || item.status === 'stored',
      );
    case 'start':
      return update(queue, action.id, (item) =>
        item.status === 'pending' || item.status === 'failed'
          ? { ...item, status: 'uploading', loaded: 0, percent: 0, reason: null, transfer: undefined }
          : item,
      );
    case 'progress':
      return update(queue, action.id, (item) =>
        item.status === 'uploading'
          ? { ...item, loaded: action.loaded, percent: toPercent(action.loaded, action.total) }
          : item,
      );
    case 'transfer':
      return update(queue, action.id, (item) =>
        item.status === 'uploading' ? { ...item, transfer: action.transfer } : item,
      );
    case 'stored':
      return update(queue, action.id, (item) => ({
        ...item,
        status: 'stored',
        loaded: item.size,
        percent: 100,
        reason: null,
        transfer: undefined,
      }));
    case 'refused':
      return update(queue, action.id, (item) => ({
        ...item,
        status: 'refused',
        reason: action.reason,
        transfer: undefined,
      }));
    case 'failed':
      return update(queue, action.id, (item) => ({
        ...item,
        status: 'failed',
        reason: action.reason,
        transfer: undefined,
      }));
  }
}

/** Files of one input that the next press of its upload button sends. */
export function getSendable<F>(queue: QueuedFile<F>[], slot: UploadSlot): QueuedFile<F>[] {
  return queue.filter((item) => item.slot === slot && item.kind !== null && item.status === 'pending');
}

export function countByStatus<F>(queue: QueuedFile<F>[], slot?: UploadSlot): Record<UploadStatus, number> {
  const counts: Record<UploadStatus, number> = { pending: 0, uploading: 0, stored: 0, refused: 0, failed: 0 };
  for (const item of queue) if (!slot || item.slot === slot) counts[item.status] += 1;
  return counts;
}
