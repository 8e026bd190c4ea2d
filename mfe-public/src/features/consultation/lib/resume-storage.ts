/**
 * The request this device started and did not complete, kept in localStorage (every tab, after the browser
 * closes), so reopening /consultation offers to continue at step 2 instead of starting again. Holds the
 * submission id, its upload token and the business name; cleared on completion or 'Start a New Request', and
 * forgotten after as many days as the e-mailed 'Continue Later' link works.
 */
import { CONTINUE_LINK_TTL_DAYS } from '@platform/contracts';
import { deviceStore, readStoredObject, removeStored, writeStoredJson } from '../../../lib/web-storage';
import type { KeyValueStorage } from '../../../lib/web-storage';
import { toSavedSubmission } from './draft-storage';
import type { SavedSubmission } from './draft-storage';

export const RESUME_KEY = 'consultation_resume';

const DAY_MS = 24 * 60 * 60_000;

export type ResumableSubmission = SavedSubmission & { savedAt: string };

export function rememberSubmission(
  submission: SavedSubmission,
  now: Date = new Date(),
  storage: KeyValueStorage | null = deviceStore(),
): void {
  writeStoredJson(storage, RESUME_KEY, { ...submission, savedAt: now.toISOString() });
}

export function forgetSubmission(storage: KeyValueStorage | null = deviceStore()): void {
  removeStored(storage, RESUME_KEY);
}

/** The remembered request, or null when there is none, it is unreadable or it is too old. */
export function readRememberedSubmission(
  now: Date = new Date(),
  storage: KeyValueStorage | null = deviceStore(),
): ResumableSubmission | null {
  const parsed = readStoredObject(storage, RESUME_KEY);
  if (!parsed) return null;
  const submission = toSavedSubmission(parsed);
  if (!submission) return null;
  const { savedAt } = parsed;
  const saved = typeof savedAt === 'string' ? new Date(savedAt).getTime() : Number.NaN;
  if (Number.isNaN(saved) || now.getTime() - saved > CONTINUE_LINK_TTL_DAYS * DAY_MS) return null;
  return {
    ...submission,
    savedAt: new Date(saved).toISOString(),
  };
}
