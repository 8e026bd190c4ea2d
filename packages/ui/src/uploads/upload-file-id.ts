/**
 * The id a file is sent with in a multipart upload (`UPLOAD_FILE_ID_FIELD` right before it), so that the
 * server records it once however often it is sent again: after an answer lost on poor Wi-Fi the page
 * sends the same file again, automatically, through 'Retry', or chosen again from the disk. One id per
 * file for as long as the page is open, the file known by its name, size, type and last change.
 */
import { UPLOAD_FILE_ID_FIELD } from '@platform/contracts';
import { newRequestId } from '../lib/request-id';

const ids = new Map<string, string>();

export function uploadFileId(file: File): string {
  const key = [file.name, file.size, file.type, file.lastModified].join('\u0000');
  let id = ids.get(key);
  if (!id) {
    id = newRequestId();
    ids.set(key, id);
  }
  return id;
}

/** Appends `file` to `form` under `field`, with its id just before it. */
export function appendUploadFile(form: FormData, field: string, file: File, name = file.name): void {
  form.append(UPLOAD_FILE_ID_FIELD, uploadFileId(file));
  form.append(field, file, name);
}
