import type { FileOutcome, MultipartFileRule, ReceivedFile, RefusedFile } from './types.js';

/** The outcomes parted into the files stored and the files refused, each in the order sent. */
export function splitFileOutcomes<TRule extends MultipartFileRule>(
  outcomes: FileOutcome<TRule>[],
): { stored: ReceivedFile<TRule>[]; rejected: RefusedFile[] } {
  return {
    stored: outcomes.flatMap((outcome) => ('stored' in outcome ? [outcome.stored] : [])),
    rejected: outcomes.flatMap((outcome) => ('rejected' in outcome ? [outcome.rejected] : [])),
  };
}
