/**
 * A studio creation sent again under its `requestId` (docs/behaviour/course-studio.md#api-calls): the page
 * resends a creation whose answer was lost, and the item made the first time is answered instead of a second.
 */
import { createHash } from 'node:crypto';
import { COURSE_STUDIO_MESSAGES } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { findCreatedBy } from './studio.repository.js';

type Kind = 'module' | 'lesson';

/** What a creation stores to be recognised: its id, and a digest of what it asked where. */
export interface CreationRequest {
  kind: Kind;
  requestId: string;
  fingerprint: string;
}

/** The creation's request id and digest, or null when the caller sent no id (every call is then new). */
export function creationRequest(
  kind: Kind,
  parentId: number,
  input: { requestId?: string | undefined },
): CreationRequest | null {
  const { requestId, ...body } = input;
  if (!requestId) return null;
  const fields = Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([kind, parentId, fields]))
    .digest('hex');
  return { kind, requestId, fingerprint };
}

/**
 * The id of the item the same creation already made, or null when none did; the id used for anything else
 * (another body, parent or kind) is 409.
 */
export async function madeBefore(db: Executor, creation: CreationRequest): Promise<number | null> {
  const earlier = await findCreatedBy(db, creation.requestId);
  if (!earlier) return null;
  if (earlier.kind !== creation.kind || earlier.fingerprint !== creation.fingerprint) {
    throw new AppError('conflict', COURSE_STUDIO_MESSAGES.requestIdTaken, [
      { path: 'requestId', message: COURSE_STUDIO_MESSAGES.requestIdTaken },
    ]);
  }
  return earlier.id;
}

/**
 * After an insert skipped because another transaction stored the same request id first (it waited for
 * that one to commit): the item it made, or 409 as above.
 */
export async function madeMeanwhile(db: Executor, creation: CreationRequest): Promise<number> {
  const id = await madeBefore(db, creation);
  // Made and deleted again within these few moments: nothing to answer, as for a missing parent.
  if (id === null) throw new AppError('conflict', COURSE_STUDIO_MESSAGES.requestIdTaken);
  return id;
}
