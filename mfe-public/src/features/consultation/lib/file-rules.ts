/**
 * The browser's first look at a chosen file (docs/behaviour/consultation-and-contact.md#file-rules;
 * docs/decisions.md, 17): the right sort for its input and within its size limit, so an obviously wrong file
 * is named at once instead of after a long upload. The server still checks every file by its content.
 */
import { CONSULTATION_FILE_SIZE_LIMITS, MAX_FILES_PER_REQUEST, formatBytes } from '@platform/contracts';
import type { ConsultationFileKind } from '@platform/contracts';

/** The three inputs of step 2. */
export type UploadSlot = 'photos' | 'video' | 'menu';
/** The inputs in the page's order. */
export const SLOT_ORDER: readonly UploadSlot[] = ['photos', 'video', 'menu'];

export type FileFacts = { name: string; type: string; size: number };

export type FileCheck = { ok: true; kind: ConsultationFileKind } | { ok: false; reason: string };

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'avif', 'bmp', 'tif', 'tiff'];
const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'webm', 'avi', 'mkv', '3gp', 'mpeg', 'mpg'];
const MENU_DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx'];

export function getExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isImageFile(file: Pick<FileFacts, 'name' | 'type'>): boolean {
  return file.type.startsWith('image/') || IMAGE_EXTENSIONS.includes(getExtension(file.name));
}

export function isVideoFile(file: Pick<FileFacts, 'name' | 'type'>): boolean {
  return file.type.startsWith('video/') || VIDEO_EXTENSIONS.includes(getExtension(file.name));
}

export function isMenuDocument(file: Pick<FileFacts, 'name' | 'type'>): boolean {
  return MENU_DOCUMENT_EXTENSIONS.includes(getExtension(file.name));
}

/** What kind the upload call is told, by input: a menu is photos or a document. */
export function kindFor(
  slot: UploadSlot,
  file: Pick<FileFacts, 'name' | 'type'>,
): ConsultationFileKind | null {
  if (slot === 'photos') return isImageFile(file) ? 'images' : null;
  if (slot === 'video') return isVideoFile(file) ? 'videos' : null;
  if (isMenuDocument(file)) return 'documents';
  return isImageFile(file) ? 'menu_photos' : null;
}

const WRONG_SORT: Record<UploadSlot, string> = {
  photos: 'Not a photo: choose JPEG, PNG, WebP, HEIC or GIF images',
  video: 'Not a video: choose an MP4, MOV or WebM file',
  menu: 'Not a menu file: choose photos or a PDF, DOC or DOCX document',
};

/** Checks one file for an input; the reason is shown beside the file's name. */
export function checkFile(slot: UploadSlot, file: FileFacts): FileCheck {
  const kind = kindFor(slot, file);
  if (!kind) return { ok: false, reason: WRONG_SORT[slot] };
  if (file.size <= 0) return { ok: false, reason: 'File is empty' };
  const limit = CONSULTATION_FILE_SIZE_LIMITS[kind];
  if (file.size > limit) return { ok: false, reason: `File is larger than the ${formatBytes(limit)} limit` };
  return { ok: true, kind };
}

/** "photo.exe: Not a photo: …" — the toast line for a refused file. */
export function describeRefusal(fileName: string, reason: string): string {
  return `${fileName}: ${reason}`;
}

/** At most this many files may be chosen at once for one input (one upload per file). */
export const MAX_FILES_PER_CHOICE = MAX_FILES_PER_REQUEST;

/** Files from this size on go through the resumable upload, like every video. */
export const RESUMABLE_FROM_BYTES = 8 * 1024 * 1024;

/**
 * Whether a file goes through the resumable upload (docs/decisions.md, 29): the walkthrough video always,
 * and any other file large enough that starting again after a dropped connection would hurt.
 */
export function uploadsResumably(kind: ConsultationFileKind, size: number): boolean {
  return kind === 'videos' || size >= RESUMABLE_FROM_BYTES;
}
