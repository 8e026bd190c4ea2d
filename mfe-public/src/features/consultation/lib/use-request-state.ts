/**
 * Whether a request kept in this browser (this tab's, or this device's) is still open on the server: it may
 * have been completed on another device, or no longer be known. Without an answer (offline) it counts as
 * open, so nothing the owner kept is thrown away on a bad connection.
 */
import { getApiErrorStatus } from '@platform/ui';
import { useConsultationProgress } from '../api/get-consultation-progress';
import type { SavedSubmission } from './draft-storage';

export type RequestState = 'checking' | 'open' | 'completed' | 'gone';

/** A 401, 403 or 404: the token no longer opens the request. */
const GONE_STATUSES = new Set([401, 403, 404]);

export function useRequestState(submission: SavedSubmission): RequestState {
  const progress = useConsultationProgress(submission);
  if (progress.isPending) return 'checking';
  if (progress.isError) {
    const status = getApiErrorStatus(progress.error);
    return status !== null && GONE_STATUSES.has(status) ? 'gone' : 'open';
  }
  return progress.data.completed ? 'completed' : 'open';
}
