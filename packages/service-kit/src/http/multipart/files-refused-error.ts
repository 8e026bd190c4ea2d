import { AppError } from '../../errors.js';
import type { RefusedFile } from './types.js';

/**
 * The 400 of an upload whose files were refused (none kept, or an all-or-nothing upload with a refusal):
 * its body lists each refused file besides the issues, so a form can name them.
 */
export class FilesRefusedError extends AppError {
  constructor(
    message: string,
    readonly rejected: RefusedFile[],
  ) {
    super(
      'invalid',
      message,
      rejected.map((file) => ({ path: file.fileName, message: file.reason })),
    );
  }

  override toBody(): { message: string; rejected: RefusedFile[]; issues?: AppError['issues'] } {
    return { message: this.message, rejected: this.rejected, issues: this.issues };
  }
}

/**
 * Refuses an upload that kept no file: `noFilesSent` when it held none, else `noFilesAccepted` with each
 * refused file listed.
 */
export function refuseEmptyUpload(
  upload: { outcomes: readonly unknown[]; stored: readonly unknown[]; rejected: RefusedFile[] },
  messages: { noFilesSent: string; noFilesAccepted: string },
): void {
  if (upload.stored.length > 0) return;
  throw new FilesRefusedError(
    upload.outcomes.length === 0 ? messages.noFilesSent : messages.noFilesAccepted,
    upload.rejected,
  );
}
