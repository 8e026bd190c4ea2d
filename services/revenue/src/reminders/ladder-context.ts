/** Reads what shapes an owner's ladder besides the plan and reports (reminder-schedule.ts, LadderContext). */
import type { Executor } from '@platform/service-kit/db';
import {
  collectionAttemptsOf,
  collectionEndedIn,
  findCardOnFile,
  type CollectionAttempt,
} from '../collection/cards-on-file.js';
import { openlyDisputedReportIds } from '../disputes/disputes.repository.js';
import type { LadderContext } from './reminder-schedule.js';

export interface OwnerLadderContext extends Required<LadderContext> {
  /** The collection attempts so far, by report (the ladder view's next charges). */
  attempts: Map<string, CollectionAttempt[]>;
}

export async function ladderContextOf(db: Executor, userId: string): Promise<OwnerLadderContext> {
  const [paused, card, attempts] = await Promise.all([
    openlyDisputedReportIds(db, userId),
    findCardOnFile(db, userId),
    collectionAttemptsOf(db, userId),
  ]);
  return { paused, card, attempts, collectionEnded: collectionEndedIn(attempts) };
}
