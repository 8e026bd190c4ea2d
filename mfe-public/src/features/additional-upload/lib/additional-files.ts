/**
 * The three inputs of /additional-upload (docs/behaviour/consultation-and-contact.md#file-rules;
 * docs/decisions.md, 17): which files each takes, the browser's size check, and how the chosen files are
 * split into requests of at most MAX_FILES_PER_REQUEST files.
 */
import { CONSULTATION_FILE_SIZE_LIMITS, MAX_FILES_PER_REQUEST, formatBytes } from '@platform/contracts';
import type { AdditionalFileField } from '@platform/contracts';

export type FileFacts = { name: string; type: string; size: number };

const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'avif', 'bmp', 'tif', 'tiff'];
const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'webm', 'avi', 'mkv', '3gp', 'mpeg', 'mpg'];
/** Additional documents accept .pdf, .doc, .docx, .txt, .jpg, .jpeg, .png. */
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'jpg', 'jpeg', 'png'];

export function getExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const WRONG_SORT: Record<AdditionalFileField, string> = {
  images: 'Not a photo: choose JPEG, PNG, WebP, HEIC or GIF images',
  videos: 'Not a video: choose MP4, MOV or WebM files',
  documents: 'Not an accepted document: choose PDF, DOC, DOCX, TXT, JPG or PNG',
};

function isRightSort(field: AdditionalFileField, file: FileFacts): boolean {
  const extension = getExtension(file.name);
  if (field === 'images') return file.type.startsWith('image/') || IMAGE_EXTENSIONS.includes(extension);
  if (field === 'videos') return file.type.startsWith('video/') || VIDEO_EXTENSIONS.includes(extension);
  return DOCUMENT_EXTENSIONS.includes(extension);
}

/** null when the file may be sent; otherwise the reason shown beside its name. */
export function checkAdditionalFile(field: AdditionalFileField, file: FileFacts): string | null {
  if (!isRightSort(field, file)) return WRONG_SORT[field];
  if (file.size <= 0) return 'File is empty';
  const limit = CONSULTATION_FILE_SIZE_LIMITS[field];
  if (file.size > limit) return `File is larger than the ${formatBytes(limit)} limit`;
  return null;
}

export type ChosenFile<F = File> = {
  id: string;
  field: AdditionalFileField;
  file: F;
  name: string;
  size: number;
};

/** Requests of at most `max` files each, in the order chosen. */
export function splitIntoRequests<T>(items: readonly T[], max: number = MAX_FILES_PER_REQUEST): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += max) batches.push(items.slice(start, start + max));
  return batches;
}
