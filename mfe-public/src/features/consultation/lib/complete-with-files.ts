/**
 * What 'Complete Submission & Send Confirmation' does with files chosen but not uploaded
 * (docs/behaviour/consultation-and-contact.md#completing-with-chosen-files; docs/decisions.md, 68): it
 * uploads them first, and completes only when every one is stored; otherwise it stops and asks.
 */
import { combinePercent } from '@platform/ui/upload-progress';
import type { RunResult } from './run-summary';
import { SLOT_ORDER } from './file-rules';
import type { UploadSlot } from './file-rules';
import type { QueuedFile } from './upload-queue';

/** Chosen and sendable but not stored: never sent, or failed (a refused file cannot be sent again). */
export function getUnsent<F>(queue: readonly QueuedFile<F>[]): QueuedFile<F>[] {
  return queue.filter(
    (item) => item.kind !== null && (item.status === 'pending' || item.status === 'failed'),
  );
}

/**
 * Whether leaving the page (a reload when the Wi-Fi drops, a closed tab) would lose something: a chosen
 * file not yet stored (the browser keeps no chosen file across a reload), or an upload on its way.
 */
export function hasWorkToLose<F>(queue: readonly QueuedFile<F>[]): boolean {
  return queue.some((item) => item.status === 'uploading') || getUnsent(queue).length > 0;
}

/** The unsent files of each input, in the page's order (photos, video, menu). */
export function groupBySlot<F>(items: readonly QueuedFile<F>[]): [UploadSlot, QueuedFile<F>[]][] {
  const groups = SLOT_ORDER.map((slot): [UploadSlot, QueuedFile<F>[]] => [
    slot,
    items.filter((item) => item.slot === slot),
  ]);
  return groups.filter(([, group]) => group.length > 0);
}

export type UploadsBeforeCompleting =
  /** Every file was stored: complete now. */
  | { kind: 'complete' }
  /** The owner left the page or cancelled: neither complete nor ask. */
  | { kind: 'stopped' }
  /** Some did not make it: say which, and let the owner retry or complete without them. */
  | { kind: 'ask'; failed: string[]; refused: string[] };

export function judgeUploadsBeforeCompleting(results: readonly RunResult[]): UploadsBeforeCompleting {
  if (results.some((result) => result.outcome.kind === 'transport' && result.outcome.failure === 'aborted'))
    return { kind: 'stopped' };
  const failed: string[] = [];
  const refused: string[] = [];
  for (const result of results) {
    if (result.outcome.kind === 'stored') continue;
    if (result.outcome.kind === 'refused') refused.push(result.name);
    else failed.push(result.name);
  }
  return failed.length + refused.length === 0 ? { kind: 'complete' } : { kind: 'ask', failed, refused };
}

/** The combined progress of the files being sent before completing: how many are stored, and the bytes. */
export function summariseBatch<F>(
  queue: readonly QueuedFile<F>[],
  ids: readonly string[],
): { stored: number; total: number; percent: number } {
  const wanted = new Set(ids);
  const items = queue.filter((item) => wanted.has(item.id));
  return {
    stored: items.filter((item) => item.status === 'stored').length,
    total: ids.length,
    percent: combinePercent(
      items.map((item) => ({ loaded: item.status === 'stored' ? item.size : item.loaded, total: item.size })),
    ),
  };
}

/** Where the page goes once completed: the signed-in owner's list, else the public site as before. */
export function destinationAfterCompleting(inMyConsultations: boolean): string {
  return inMyConsultations ? '/my-consultations' : '/';
}

/** The query mfe-member's My Consultations reads (cached without expiry): it must show the new request. */
export const MY_CONSULTATIONS_QUERY_KEY = ['/api/my-consultations'] as const;

function files(count: number): string {
  return `${count} file${count === 1 ? '' : 's'}`;
}

/** The page's words for it (docs/behaviour/consultation-and-contact.md#completing-with-chosen-files). */
export const COMPLETE_WITH_FILES_COPY = {
  unsentTitle: (count: number) => `${files(count)} chosen but not uploaded yet`,
  unsentHint:
    "'Complete Submission & Send Confirmation' uploads them first and sends your request with them. You can also upload them now.",
  progressLabel: 'Upload of your chosen files',
  uploadingFirst: (stored: number, total: number) =>
    `Uploading your chosen files first: ${stored} of ${total} uploaded…`,
  notSentTitle: (count: number) => `Not sent yet: ${files(count)} did not upload`,
  notSentDescription:
    'Your request was not sent. Try the upload again (check your connection), or complete without these files.',
  notAccepted: 'not accepted',
  tryAgain: 'Try Again',
  completeWithout: 'Complete Without These Files',
} as const;
