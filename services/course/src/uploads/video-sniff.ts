/**
 * Whether a file is a lesson video, decided from its first bytes by the kit's `detectMediaType` (as the
 * consultation uploads decide), never from its name or the type the browser stated.
 */
import { detectMediaType, readFileHead } from '@platform/service-kit/storage';

export interface StoredVideoType {
  contentType: string;
  /** The stored file's extension, which is what the video stream serves its type by. */
  extension: string;
}

/** Detected media type → how the file is stored. */
const ACCEPTED: Record<string, StoredVideoType> = {
  'video/mp4': { contentType: 'video/mp4', extension: 'mp4' },
  'video/x-m4v': { contentType: 'video/mp4', extension: 'mp4' },
  'video/quicktime': { contentType: 'video/quicktime', extension: 'mov' },
  'video/webm': { contentType: 'video/webm', extension: 'webm' },
};

/** The stored type of a file whose first bytes are `head`, or null when it is not an accepted video. */
export async function sniffVideoHead(head: Uint8Array): Promise<StoredVideoType | null> {
  const detected = await detectMediaType(head);
  return detected ? (ACCEPTED[detected] ?? null) : null;
}

/** The stored type of the file at `filePath`, or null when it is not an accepted video. */
export async function sniffVideoFile(filePath: string): Promise<StoredVideoType | null> {
  return sniffVideoHead(await readFileHead(filePath));
}
