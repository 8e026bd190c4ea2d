/**
 * `GET <path>/:fileId` for a stored file of a submission (one of its own, or one on its thread): its owner
 * and admins get the file (`sendStoredFile`); a file that does not exist is a 404.
 */
import { CONSULTATION_FILE_NOT_FOUND_MESSAGE, ConsultationFileIdParamsSchema } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { routesWith, validate } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { ObjectStore } from '@platform/service-kit/storage';
import type { Router } from 'express';
import { isOwner } from '../submissions/authorize-submission.js';
import type { SubmissionRow } from '../submissions/submissions.repository.js';
import { privateFileHeaders, sendStoredFile, type StoredFile } from './send-stored-file.js';

export function storedFileRoute(
  router: Router,
  deps: { db: Executor; store: ObjectStore | undefined },
  path: string,
  options: {
    find: (db: Executor, fileId: string) => Promise<{ file: StoredFile; submission: SubmissionRow } | null>;
    /** What anyone but the owner or an admin gets: the 404 of a missing file, or a 403. */
    strangers: 'not_found' | 'forbidden';
  },
): void {
  const signedIn = routesWith(router, { cache: privateFileHeaders, access: requireUser });
  signedIn.get(path, validate({ params: ConsultationFileIdParamsSchema }), async (req, res) => {
    const found = await options.find(deps.db, req.params.fileId);
    if (!found) throw new AppError('not_found', CONSULTATION_FILE_NOT_FOUND_MESSAGE);
    if (req.caller.role !== 'admin' && !isOwner(req.caller, found.submission)) {
      throw options.strangers === 'forbidden'
        ? new AppError('forbidden', 'Access denied')
        : new AppError('not_found', CONSULTATION_FILE_NOT_FOUND_MESSAGE);
    }
    await sendStoredFile(req, res, deps.store, found.file);
  });
}
