/** Rows → the contracts' views. */
import type { AdminConsultation, ConsultationFile, MyConsultation } from '@platform/contracts';
import { pickFields } from '@platform/service-kit/db';
import type { FileRow, SubmissionRow } from './submissions.repository.js';

/** The path the pages link to; only the owner and admins may open it. */
export function filePath(fileId: string): string {
  return `/api/consultation-files/${fileId}`;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toFile(row: FileRow): ConsultationFile {
  return {
    ...pickFields(row, ['id', 'kind', 'originalName', 'contentType', 'size']),
    url: filePath(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Menu photos and menu documents are the submission's documents. */
function filesByList(files: FileRow[]) {
  const paths = (kinds: string[]) => files.filter((f) => kinds.includes(f.kind)).map((f) => filePath(f.id));
  return {
    imageFiles: paths(['images']),
    videoFiles: paths(['videos']),
    documentFiles: paths(['documents', 'menu_photos']),
  };
}

export function toMyConsultation(row: SubmissionRow, files: FileRow[]): MyConsultation {
  const lists = filesByList(files);
  return {
    ...pickFields(row, ['id', 'businessName', 'ownerName', 'email', 'phone', 'restaurantName']),
    ...pickFields(row, ['restaurantPhone', 'location', 'currentChallenges', 'consultationGoals', 'status']),
    submittedAt: row.submittedAt.toISOString(),
    confirmedAt: iso(row.confirmedAt),
    reviewedAt: iso(row.reviewedAt),
    completedAt: iso(row.completedAt),
    // The admin's draft (saved with 'Mark In Review') is the owner's only once the consultation is completed.
    consultationResponse: row.status === 'completed' ? row.consultationResponse : null,
    imageCount: lists.imageFiles.length,
    videoCount: lists.videoFiles.length,
    documentCount: lists.documentFiles.length,
    files: files.map(toFile),
  };
}

export function toAdminConsultation(row: SubmissionRow, files: FileRow[]): AdminConsultation {
  return {
    ...toMyConsultation(row, files),
    ...filesByList(files),
    ...pickFields(row, ['consultationResponse', 'userId']),
    businessType: null,
    ...pickFields(row, ['responseFiles', 'adminNotes']),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Groups files by submission for list views. */
