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
