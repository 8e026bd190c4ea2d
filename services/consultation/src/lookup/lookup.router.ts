/**
 *   GET /api/consultations-by-email?email=  the /additional-upload lookup (docs/decisions.md, 15)
 *   GET /api/consultation/access?token=     what an e-mailed /additional-upload link opens
 */
import { ConsultationAccessQuerySchema, ConsultationLookupQuerySchema } from '@platform/contracts';
import { noStore, routesWith, validate } from '@platform/service-kit/http';
import { clientKeyOf, takeOrRefuse } from '@platform/service-kit/rate-limits';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { ConsultationConfig } from '../config.js';
import type { RateLimits } from '../http/rate-limits.js';
import { lookupConsultations } from './lookup-consultations.js';
import { openLink } from './open-link.js';

export function lookupRoutes(
  router: Router,
  deps: ServiceDeps<ConsultationConfig>,
  limits: RateLimits,
): void {
  const anyone = routesWith(router, { cache: noStore });

  anyone.get(
    '/api/consultations-by-email',
    validate({ query: ConsultationLookupQuerySchema }),
    async (req, res) => {
      await takeOrRefuse(limits.lookups, clientKeyOf(req));
      res.json(await lookupConsultations(deps, limits, req, req.query.email));
    },
  );

  anyone.get(
    '/api/consultation/access',
    validate({ query: ConsultationAccessQuerySchema }),
    async (req, res) => {
      await takeOrRefuse(limits.lookups, clientKeyOf(req));
      res.json(await openLink(deps, req, req.query.token));
    },
  );
}
