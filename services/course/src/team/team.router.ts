/** Staff seats (docs/behaviour/member-learning.md#team): the owner's team, invitations and removals. */
import { TEAM_MESSAGES, TeamInvitationRequestSchema, TeamSeatIdParamsSchema } from '@platform/contracts';
import { privateNoStore, routesWith, validate } from '@platform/service-kit/http';
import { requireUser } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { CourseConfig } from '../config.js';
import { getTeam, inviteTeamMember, removeTeamMember } from './team.service.js';
import { callOf } from '../http/call-of.js';

export function teamRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  const signedIn = routesWith(router, { cache: privateNoStore, access: requireUser });

  signedIn.get('/api/team', async (req, res) => {
    res.json(await getTeam(deps.db, req.caller));
  });

  signedIn.post(
    '/api/team/invitations',
    validate({ body: TeamInvitationRequestSchema }),
    async (req, res) => {
      const email = req.body.email;
      res.status(201).json(await inviteTeamMember(deps.db, { ...callOf(req, deps.clock), email }));
    },
  );

  signedIn.delete(
    '/api/team/members/:id',
    validate({ params: TeamSeatIdParamsSchema }, { notFound: TEAM_MESSAGES.notFound }),
    async (req, res) => {
      await removeTeamMember(deps.db, { ...callOf(req, deps.clock), seatId: req.params.id, logger: req.log });
      res.status(204).end();
    },
  );
}
