/**
 * What the owner typed in step 1, and the submission step 1 created, survive a reload of the tab: both
 * are kept in sessionStorage (this tab only, gone when it closes). The draft is saved as it is typed, so
 * nothing is lost on bad input or a failed request; it is cleared once the submission is completed.
 */
import type { ConsultationRequest } from '@platform/contracts';
import {
  pickTexts,
  readStoredObject,
  removeStored,
  sessionStore,
  writeStoredJson,
} from '../../../lib/web-storage';
import type { KeyValueStorage } from '../../../lib/web-storage';

export const DRAFT_KEY = 'consultation_draft';
export const SUBMISSION_KEY = 'consultation_submission';

export type BusinessInfoValues = {
  [Field in keyof ConsultationRequest]-?: string;
};

export const BUSINESS_INFO_FIELDS = [
  'businessName',
  'ownerName',
  'email',
  'phone',
  'restaurantName',
  'restaurantPhone',
  'location',
  'currentChallenges',
  'consultationGoals',
] as const satisfies readonly (keyof BusinessInfoValues)[];

export const EMPTY_BUSINESS_INFO: BusinessInfoValues = {
  businessName: '',
  ownerName: '',
  email: '',
  phone: '',
  restaurantName: '',
  restaurantPhone: '',
  location: '',
  currentChallenges: '',
  consultationGoals: '',
};

/** The step-1 answer that step 2 needs (docs/decisions.md, 16: the token authorises the uploads). */
export type SavedSubmission = { submissionId: string; uploadToken: string; businessName: string };

/** Longest text kept per field: a little above the form's own limits, so a too-long entry still shows. */
const MAX_KEPT_LENGTH = 2_500;

export function readDraft(storage: KeyValueStorage | null = sessionStore()): BusinessInfoValues | null {
  const parsed = readStoredObject(storage, DRAFT_KEY);
  if (!parsed) return null;
  return { ...EMPTY_BUSINESS_INFO, ...pickTexts(parsed, BUSINESS_INFO_FIELDS, MAX_KEPT_LENGTH) };
}

export function saveDraft(
  values: Partial<BusinessInfoValues>,
  storage: KeyValueStorage | null = sessionStore(),
): void {
  writeStoredJson(storage, DRAFT_KEY, pickTexts(values, BUSINESS_INFO_FIELDS, MAX_KEPT_LENGTH));
}

/** The submission in what a storage kept, or null unless it names one with its upload token. */
export function toSavedSubmission(kept: Record<string, unknown>): SavedSubmission | null {
  const { submissionId, uploadToken, businessName } = kept;
  if (typeof submissionId !== 'string' || !submissionId || typeof uploadToken !== 'string' || !uploadToken)
    return null;
  return { submissionId, uploadToken, businessName: typeof businessName === 'string' ? businessName : '' };
}

export function readSubmission(storage: KeyValueStorage | null = sessionStore()): SavedSubmission | null {
  const parsed = readStoredObject(storage, SUBMISSION_KEY);
  return parsed ? toSavedSubmission(parsed) : null;
}

export function saveSubmission(
  submission: SavedSubmission,
  storage: KeyValueStorage | null = sessionStore(),
): void {
  writeStoredJson(storage, SUBMISSION_KEY, submission);
}

/** After 'Complete Submission': the next visit starts a new request. */
export function clearConsultation(storage: KeyValueStorage | null = sessionStore()): void {
  removeStored(storage, DRAFT_KEY);
  removeStored(storage, SUBMISSION_KEY);
}

/** The form's first values: what this tab typed before, else the signed-in user's name and e-mail. */
export function getInitialBusinessInfo(
  draft: BusinessInfoValues | null,
  user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null,
): BusinessInfoValues {
  if (draft) return draft;
  const ownerName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return { ...EMPTY_BUSINESS_INFO, ownerName, email: user?.email ?? '' };
}
