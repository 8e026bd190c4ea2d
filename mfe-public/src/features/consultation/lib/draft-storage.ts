/**
 * What the owner typed in step 1, the id step 1 is sent under, and the submission step 1 created survive a
 * reload of the tab: all are kept in sessionStorage (this tab only, gone when it closes). The draft is
 * saved as it is typed, so nothing is lost on bad input or a failed request; it is cleared once the
 * submission is completed.
 */
import { ConsultationRequestSchema } from '@platform/contracts';
import type { ConsultationRequest, ConsultationRequestParsed } from '@platform/contracts';
import type { AuthUser } from '@platform/ui';
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
export const ATTEMPT_KEY = 'consultation_attempt';

/** The form's fields (the request's id is not one: the page makes it). */
export type BusinessInfoValues = {
  [Field in Exclude<keyof ConsultationRequest, 'requestId'>]-?: string;
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

/**
 * Step 1 as sent, and the id it was sent under (docs/decisions.md, 119): sent again after a lost answer
 * (a click, a reload), the same values go under the same id and the server keeps one request.
 */
export type StepOneAttempt = { values: string; requestId: string };

/** The attempt for `values`: `kept` while they are the values it was made for, else a new one. */
export function attemptFor(
  values: Omit<ConsultationRequestParsed, 'requestId'>,
  kept: StepOneAttempt | null,
  newId: () => string,
): StepOneAttempt {
  const sent = JSON.stringify(BUSINESS_INFO_FIELDS.map((field) => values[field] ?? null));
  return kept?.values === sent ? kept : { values: sent, requestId: newId() };
}

export function readAttempt(storage: KeyValueStorage | null = sessionStore()): StepOneAttempt | null {
  const kept = readStoredObject(storage, ATTEMPT_KEY);
  const requestId = ConsultationRequestSchema.shape.requestId.safeParse(kept?.requestId);
  if (typeof kept?.values !== 'string' || !requestId.success || !requestId.data) return null;
  return { values: kept.values, requestId: requestId.data };
}

export function saveAttempt(attempt: StepOneAttempt, storage: KeyValueStorage | null = sessionStore()): void {
  writeStoredJson(storage, ATTEMPT_KEY, attempt);
}

/** Once step 1 is answered (or its id refused): the next step 1 is a new request. */
export function forgetAttempt(storage: KeyValueStorage | null = sessionStore()): void {
  removeStored(storage, ATTEMPT_KEY);
}

/** After 'Complete Submission': the next visit starts a new request. */
export function clearConsultation(storage: KeyValueStorage | null = sessionStore()): void {
  removeStored(storage, DRAFT_KEY);
  removeStored(storage, ATTEMPT_KEY);
  removeStored(storage, SUBMISSION_KEY);
}

/** The form's first values: what this tab typed before, else the signed-in user's name and e-mail. */
export function getInitialBusinessInfo(
  draft: BusinessInfoValues | null,
  user: AuthUser | null,
): BusinessInfoValues {
  if (draft) return draft;
  const ownerName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return { ...EMPTY_BUSINESS_INFO, ownerName, email: user?.email ?? '' };
}
