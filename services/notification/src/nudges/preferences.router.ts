/**
 * E-mail preferences and one-click unsubscribe (docs/behaviour/member-learning.md#nudges; docs/decisions.md,
 * 107): the signed-in learner reads and changes both nudges; the token of an e-mail's unsubscribe link reads
 * and turns off its kind without signing in (`POST` is the mail client's one-click). A learner who
 * never got a nudge reads both on.
 */
import {
  NotificationPreferencesSchema,
  UNSUBSCRIBE_NOT_FOUND_MESSAGE,
  UnsubscribeParamsSchema,
  UnsubscribeQuerySchema,
  type NotificationPreferences,
  type UnsubscribeState,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { privateNoStore, routesWith, validate } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { NotificationConfig } from '../config.js';
import {
  columnOf,
  ensurePreferences,
  findPreferences,
  findPreferencesByToken,
  updatePreferences,
  wantsNudge,
} from './preferences.repository.js';

const byToken = validate(
  { params: UnsubscribeParamsSchema, query: UnsubscribeQuerySchema },
  { notFound: UNSUBSCRIBE_NOT_FOUND_MESSAGE },
);

export function preferencesRoutes(router: Router, deps: ServiceDeps<NotificationConfig>): void {
  const read = async (userId: string): Promise<NotificationPreferences> => {
    const row = await findPreferences(deps.db, userId);
    return { sectionUnlocked: row?.sectionUnlocked ?? true, inactivity: row?.inactivity ?? true };
  };

  const anyone = routesWith(router, { cache: privateNoStore });
  const signedIn = routesWith(router, { cache: privateNoStore, access: requireUser });

  signedIn.get('/api/notification-preferences', async (req, res) => {
    res.json(await read(req.caller.userId));
  });

  signedIn.put(
    '/api/notification-preferences',
    validate({ body: NotificationPreferencesSchema }),
    async (req, res) => {
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        await ensurePreferences(tx, { userId: req.caller.userId, email: req.caller.email, now });
        await updatePreferences(tx, req.caller.userId, { ...req.body, now });
      });
      res.json(await read(req.caller.userId));
    },
  );

  const stateOf = async (token: string, kind: UnsubscribeState['kind']): Promise<UnsubscribeState> => {
    const row = await findPreferencesByToken(deps.db, token);
    if (!row) throw new AppError('not_found', UNSUBSCRIBE_NOT_FOUND_MESSAGE);
    return { kind, unsubscribed: !wantsNudge(row, kind) };
  };

  anyone.get('/api/unsubscribe/:token', byToken, async (req, res) => {
    res.json(await stateOf(req.params.token, req.query.kind));
  });

  anyone.post('/api/unsubscribe/:token', byToken, async (req, res) => {
    const { token } = req.params;
    const row = await findPreferencesByToken(deps.db, token);
    if (!row) throw new AppError('not_found', UNSUBSCRIBE_NOT_FOUND_MESSAGE);
    await updatePreferences(deps.db, row.userId, {
      [columnOf(req.query.kind)]: false,
      now: deps.clock.now(),
    });
    res.json(await stateOf(token, req.query.kind));
  });
}
