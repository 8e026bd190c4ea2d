/** Staff seats (docs/behaviour/member-learning.md#team): the owner's team, invitations and removals. */
import { TEAM_MESSAGES, TeamInvitationRequestSchema, TeamSeatIdParamsSchema } from '@platform/contracts';
import { privateNoStore, validate } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { CourseConfig } from '../config.js';
import { getTeam, inviteTeamMember, removeTeamMember } from './team.service.js';

export function teamRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  router.get('/api/team', privateNoStore, requireUser, async (req, res) => {
    res.json(await getTeam(deps.db, req.caller));
  });

  router.post(
    '/api/team/invitations',
    privateNoStore,
    requireUser,
    validate({ body: TeamInvitationRequestSchema }),
    async (req, res) => {
      res.status(201).json(
        await inviteTeamMember(deps.db, {
          caller: req.caller,
          now: deps.clock.now(),
          email: req.body.email,
        }),
      );
    },
  );

  router.delete(
    '/api/team/members/:id',
    privateNoStore,
    requireUser,
    validate({ params: TeamSeatIdParamsSchema }, { notFound: TEAM_MESSAGES.notFound }),
    async (req, res) => {
      await removeTeamMember(deps.db, {
        caller: req.caller,
        now: deps.clock.now(),
        seatId: req.params.id,
        logger: req.log,
      });
      res.status(204).end();
    },
  );
}
