/** Reads one additional-files answer (contracts `upload-files.ts`): stored files and refusals by name. */
import { UploadFilesResponseSchema, UploadRejectedResponseSchema } from '@platform/contracts';
import type { RejectedFile } from '@platform/contracts';
import type { ApiError } from '@platform/ui';
import type { UploadAnswer } from '@platform/ui/upload-progress';

export type BatchOutcome =
  | { kind: 'answered'; storedCount: number; rejected: RejectedFile[] }
  /** Not OK and not a refusal of the files, or a body that is not the contract's. */
  | { kind: 'failed'; status: number };

/** An OK answer: the files stored and those refused, or failed when the body is not the contract's. */
export function readBatchAnswer({ status, body }: UploadAnswer): BatchOutcome {
  const parsed = UploadFilesResponseSchema.safeParse(body);
  return parsed.success
    ? { kind: 'answered', storedCount: parsed.data.files.length, rejected: parsed.data.rejected }
    : { kind: 'failed', status };
}

/** A non-OK answer: a 400 naming refused files is an answer (none stored); anything else failed. */
export function readBatchRefusal({ status, body }: ApiError): BatchOutcome {
  if (status === 400) {
    const parsed = UploadRejectedResponseSchema.safeParse(body);
    if (parsed.success && parsed.data.rejected.length > 0)
      return { kind: 'answered', storedCount: 0, rejected: parsed.data.rejected };
  }
  return { kind: 'failed', status };
}

/**
 * Which of the sent files were stored: all but those named in `rejected` (each refusal names one sent
 * file; with two files of the same name, the first unclaimed one is taken).
 */
export function matchRefusals<T extends { name: string }>(
  sent: readonly T[],
  rejected: readonly RejectedFile[],
): { stored: T[]; refused: { item: T; reason: string }[] } {
  const remaining = [...sent];
  const refused: { item: T; reason: string }[] = [];
  for (const refusal of rejected) {
    const index = remaining.findIndex((item) => item.name === refusal.fileName);
    if (index === -1) continue;
    const [item] = remaining.splice(index, 1);
    refused.push({ item: item!, reason: refusal.reason });
  }
  return { stored: remaining, refused };
}
