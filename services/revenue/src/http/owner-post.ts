/**
 * A signed-in owner's `POST` with a JSON body checked by its contract: never cached, 401 for visitors, the
 * body validated (400 with each field's message), then `action` with the caller, the parsed body and the
 * request id; its answer is sent as JSON.
 */
import { noStore, routesWith, validate } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { Router } from 'express';
import type { z } from 'zod';

export function ownerPost<TBody extends z.ZodType>(
  router: Router,
  path: string,
  body: TBody,
  action: (input: { userId: string; request: z.output<TBody>; requestId: string }) => Promise<unknown>,
): void {
  const signedIn = routesWith(router, { cache: noStore, access: requireUser });
  signedIn.post(path, validate({ body }), async (req, res) => {
    res.json(await action({ userId: req.caller.userId, request: req.body, requestId: String(req.id) }));
  });
}
