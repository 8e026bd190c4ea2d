/**
 * The one toast after a run of uploads for an input
 * (docs/behaviour/consultation-and-contact.md#step-2-uploads).
 */
import { UPLOAD_MESSAGES } from '@platform/contracts';
import type { UploadSlot } from './file-rules';
import { describeUploadFailure } from './upload-answer';
import type { FileUploadOutcome, UploadToast } from './upload-answer';

/** The `{type}` of 'Failed to upload {type}'. */
export const SLOT_TYPE_LABEL: Record<UploadSlot, string> = {
  photos: 'photos',
  video: 'video',
  menu: 'menu',
};

export function pluralFiles(count: number): string {
  return `${count} file${count === 1 ? '' : 's'}`;
}

export type RunResult = { id?: string; name: string; outcome: FileUploadOutcome };

/**
 * All stored: 'Files Uploaded Successfully'. Some stored and the rest refused by the server: still a
 * success, naming the refused ones (they stay listed with their reason). Otherwise the first failure's
 * toast. A run the owner cancelled (left the page) shows nothing.
 */
export function summariseRun(
  slot: UploadSlot,
  results: readonly RunResult[],
): (UploadToast & { variant: 'success' | 'destructive' }) | null {
  if (results.length === 0) return null;
  if (results.some((result) => result.outcome.kind === 'transport' && result.outcome.failure === 'aborted'))
    return null;
  const stored = results.filter((result) => result.outcome.kind === 'stored').length;
  const problems = results.filter((result) => result.outcome.kind !== 'stored');
  if (problems.length === 0) {
    return {
      title: UPLOAD_MESSAGES.successTitle,
      description: `${pluralFiles(stored)} uploaded.`,
      variant: 'success',
    };
  }
  if (stored > 0 && problems.every((result) => result.outcome.kind === 'refused')) {
    const names = problems.map((result) => result.name).join(', ');
    return {
      title: UPLOAD_MESSAGES.successTitle,
      description: `${pluralFiles(stored)} uploaded. Not accepted: ${names} (see the list).`,
      variant: 'success',
    };
  }
  const failure = describeUploadFailure(problems[0]!.outcome, SLOT_TYPE_LABEL[slot]);
  return failure ? { ...failure, variant: 'destructive' } : null;
}
