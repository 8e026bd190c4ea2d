/**
 * The admin's review of one submission (docs/behaviour/admin.md#reviewing-a-submission,
 * docs/behaviour/consultation-and-contact.md#consultation-status): the name to show, how files are shown, and
 * the bodies of the respond call.
 */
import type { ConsultationFile, RespondConsultationRequest } from '@platform/contracts';

/**
 * businessName, else businessType (docs/behaviour/admin.md#admin-consultations-page: the admin view's
 * fallback), else the restaurant's name.
 */
export function getDisplayBusinessName(submission: {
  businessName?: string | null;
  businessType?: string | null;
  restaurantName?: string | null;
}): string {
  return (
    submission.businessName?.trim() ||
    submission.businessType?.trim() ||
    submission.restaurantName?.trim() ||
    'Unnamed business'
  );
}

/** Completing needs a non-empty consultation response (docs/behaviour/admin.md#reviewing-a-submission). */
export function hasResponseText(response: string | null | undefined): boolean {
  return (response ?? '').trim().length > 0;
}

/**
 * Save Notes: the notes only, so the status stays as it is (docs/behaviour/admin.md#reviewing-a-submission).
 */
export function buildSaveNotesRequest(adminNotes: string): RespondConsultationRequest {
  return { adminNotes };
}

/**
 * Mark In Review / Mark Completed: the new status with the notes and the response as typed, so nothing the
 * admin wrote is lost. An empty response is left out rather than clearing a saved one.
 */
export function buildStatusRequest(
  status: 'in_review' | 'completed',
  adminNotes: string,
  consultationResponse: string,
): RespondConsultationRequest {
  const request: RespondConsultationRequest = { status, adminNotes };
  if (hasResponseText(consultationResponse)) request.consultationResponse = consultationResponse.trim();
  return request;
}

export type FilePresentation = 'image' | 'video' | 'document';

/** Images are shown inline, videos play in the page, everything else is a download link. */
export function getFilePresentation(file: Pick<ConsultationFile, 'contentType' | 'kind'>): FilePresentation {
  if (file.contentType.startsWith('image/')) return 'image';
  if (file.contentType.startsWith('video/')) return 'video';
  return 'document';
}

export type GroupedFiles<T> = { images: T[]; videos: T[]; documents: T[] };

/** Files grouped as the panel shows them (menu photos are images to look at). */
export function groupFiles<T extends Pick<ConsultationFile, 'contentType' | 'kind'>>(
  files: readonly T[],
): GroupedFiles<T> {
  const groups: GroupedFiles<T> = { images: [], videos: [], documents: [] };
  for (const file of files) {
    const presentation = getFilePresentation(file);
    groups[presentation === 'image' ? 'images' : presentation === 'video' ? 'videos' : 'documents'].push(
      file,
    );
  }
  return groups;
}

/** '512 KB', '3.4 MB', '1.2 GB'. */
export function formatFileSize(bytes: number): string {
  const KB = 1024;
  const MB = KB * 1024;
  const GB = MB * 1024;
  if (bytes >= GB) return `${Math.round((bytes / GB) * 10) / 10} GB`;
  if (bytes >= MB) return `${Math.round((bytes / MB) * 10) / 10} MB`;
  if (bytes >= KB) return `${Math.round(bytes / KB)} KB`;
  return `${bytes} B`;
}
