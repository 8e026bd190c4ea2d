/** `POST /api/contact` (docs/decisions.md, 22), limited per client address. */
import { ContactRequestSchema } from '@platform/contracts';
import { noStore, routesWith, validate } from '@platform/service-kit/http';
import { clientKeyOf, takeOrRefuse } from '@platform/service-kit/rate-limits';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { ConsultationConfig } from '../config.js';
import type { RateLimits } from '../http/rate-limits.js';
import { sendContactMessage } from './send-contact-message.js';

export function contactRoutes(
  router: Router,
  deps: ServiceDeps<ConsultationConfig>,
  limits: RateLimits,
): void {
  const anyone = routesWith(router, { cache: noStore });

  anyone.post('/api/contact', validate({ body: ContactRequestSchema }), async (req, res) => {
    await takeOrRefuse(limits.contact, clientKeyOf(req));
    res.json(await sendContactMessage(deps, req.body, String(req.id)));
  });
}
