/** The submission and its owner as the submission's events name them (started, completed, responded). */
import type { SubmissionRow } from './submissions.repository.js';

export function submissionOwnerData(row: SubmissionRow) {
  return {
    submissionId: row.id,
    userId: row.userId,
    email: row.email,
    ownerName: row.ownerName,
    businessName: row.businessName,
  };
}
