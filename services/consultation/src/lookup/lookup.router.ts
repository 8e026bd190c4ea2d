/**
 *   GET /api/consultations-by-email?email=  the /additional-upload lookup (DECISIONS 15; limited per address)
 *   GET /api/consultation/access?token=     what an e-mailed /additional-upload link opens
 */
import { ConsultationAccessQuerySchema, ConsultationLookupQuerySchema } from '@platform/contracts';
import type { ServiceDeps } from '@platform/service-kit';
import type { RequestHandler, Router } from 'express';
import type { ConsultationConfig } from '../config.js';
import { clientAddress, parseInput, queryValue } from '../http/parse.js';
import { consumeOrRefuse, type RateLimits } from '../http/rate-limits.js';
import { lookupConsultations } from './lookup-consultations.js';
import { openLink } from './open-link.js';

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

export function lookupRoutes(
  router: Router,
  deps: ServiceDeps<ConsultationConfig>,
  limits: RateLimits,
): void {
  router.get('/api/consultations-by-email', noStore, async (req, res) => {
    const { email } = parseInput(ConsultationLookupQuerySchema, { email: queryValue(req, 'email') });
    await consumeOrRefuse(limits.lookups, clientAddress(req));
    res.json(await lookupConsultations(deps, limits, req, email));
  });

  router.get('/api/consultation/access', noStore, async (req, res) => {
    const { token } = parseInput(ConsultationAccessQuerySchema, { token: queryValue(req, 'token') });
    await consumeOrRefuse(limits.lookups, clientAddress(req));
    res.json(await openLink(deps, token));
  });
}
