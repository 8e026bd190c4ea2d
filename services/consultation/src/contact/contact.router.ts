/** `POST /api/contact` (DECISIONS 22), limited per client address. */
import { ContactRequestSchema } from '@platform/contracts';
import type { ServiceDeps } from '@platform/service-kit';
import type { Router } from 'express';
import type { ConsultationConfig } from '../config.js';
import { clientAddress, jsonBody, parseInput } from '../http/parse.js';
import { consumeOrRefuse, type RateLimits } from '../http/rate-limits.js';
import { sendContactMessage } from './send-contact-message.js';

export function contactRoutes(
  router: Router,
  deps: ServiceDeps<ConsultationConfig>,
  limits: RateLimits,
): void {
  router.post('/api/contact', jsonBody, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    const request = parseInput(ContactRequestSchema, req.body);
    await consumeOrRefuse(limits.contact, clientAddress(req));
    res.json(await sendContactMessage(deps, request, String(req.id)));
  });
}
