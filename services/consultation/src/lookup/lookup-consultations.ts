/**
 * /additional-upload's e-mail lookup (docs/decisions.md, 15, 68). A signed-in caller asking for their own
 * address sees their submissions at once. Anyone else gets the same answer whether or not the address has any;
 * when it does, the address is e-mailed a link per submission (at most a few e-mails per address an hour).
 */
import { LOOKUP_LINK_TTL_HOURS, LOOKUP_MESSAGES, type ConsultationLookupResponse } from '@platform/contracts';
import { HOUR } from '@platform/service-kit/clock';
import { enqueueEvent } from '@platform/service-kit/events';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import { hashedKey } from '@platform/service-kit/rate-limits';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Request } from 'express';
import type { ConsultationConfig } from '../config.js';
import { outboxEvents } from '../db/schema.js';
import type { RateLimits } from '../http/rate-limits.js';
import {
  holdSubmissions,
  issueLink,
  listFilesBySubmission,
  listSubmissionsByEmail,
  listSubmissionsOwnedBy,
} from '../submissions/submissions.repository.js';
import { toMyConsultation } from '../submissions/to-views.js';

/** Links per e-mail: the newest submissions of the address. */
const MAX_LINKS = 10;

export async function lookupConsultations(
  deps: ServiceDeps<ConsultationConfig>,
  limits: RateLimits,
  req: Request,
  email: string,
): Promise<ConsultationLookupResponse> {
  const address = email.toLowerCase();
  const caller = req.caller;
  // The caller's own address shows what My Consultations lists at once: what they sent signed in, and with a
  // proven address what was sent under it. An unproven account that sent none signed in learns nothing (its
  // address may hold a stranger's requests): it gets the e-mailed link like anyone else.
  const owner = caller.kind === 'user' && caller.email.toLowerCase() === address ? caller : null;
  const rows = owner
    ? await listSubmissionsOwnedBy(deps.db, {
        userId: owner.userId,
        email: owner.emailVerified ? address : null,
      })
    : [];
  if (owner && (owner.emailVerified || rows.length > 0)) {
    const filesOf = await listFilesBySubmission(deps.db, rows);
    return {
      linkEmailed: false,
      consultations: rows.map((row) => toMyConsultation(row, filesOf(row.id))),
      message: rows.length > 0 ? LOOKUP_MESSAGES.found : LOOKUP_MESSAGES.none,
    };
  }

  const answer: ConsultationLookupResponse = {
    linkEmailed: true,
    consultations: [],
    message: LOOKUP_MESSAGES.linkEmailed,
  };
  const linked = (await listSubmissionsByEmail(deps.db, address)).slice(0, MAX_LINKS);
  if (linked.length === 0) return answer;
  if (!(await limits.lookupEmails.take(hashedKey(address))).allowed) {
    deps.logger.info('lookup e-mail skipped: too many for this address lately');
    return answer;
  }
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + LOOKUP_LINK_TTL_HOURS * HOUR);
  await deps.db.transaction(async (tx) => {
    // A request erased meanwhile (its owner's account deleted) is left out, as if it never existed.
    const held = await holdSubmissions(
      tx,
      linked.map((row) => row.id),
    );
    const links = [];
    for (const row of linked.filter((row) => held.has(row.id))) {
      const token = await issueLink(tx, { submissionId: row.id, purpose: 'lookup', expiresAt, now });
      links.push({
        submissionId: row.id,
        businessName: row.businessName,
        token,
        expiresAt: expiresAt.toISOString(),
      });
    }
    if (links.length === 0) return;
    await enqueueEvent(
      tx,
      outboxEvents,
      {
        type: 'consultation.lookup.requested',
        data: { email: address, links, requestedAt: now.toISOString() },
        headers: { [REQUEST_ID_HEADER]: String(req.id) },
      },
      { clock: deps.clock },
    );
  });
  return answer;
}
