/**
 * Provider webhooks, outside the gateway-token check: each is verified by its provider's own signature
 * on the raw bytes, so the raw parser runs here and no JSON parser ever touches these bodies.
 *
 *   POST /api/webhooks/test | stripe | paypal → 200 { received: true, outcome }
 *     400 { message } for a forged, tampered or stale webhook (nothing is recorded);
 *     404 when that provider is not configured; 502 when the provider cannot be asked about the payment
 *     (the provider retries).
 */
import { PAYMENT_PROVIDERS, type PaymentProviderName } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import express, { type Router } from 'express';
import { WebhookVerificationError, type VerifiedWebhook } from '../providers/payment-provider.js';
import { providerNamed, type PaymentDeps } from '../runtime.js';
import { handleWebhook } from './handle-webhook.js';

export const WEBHOOK_MESSAGES = {
  invalidSignature: 'Invalid webhook signature',
  notConfigured: 'This payment provider is not configured',
} as const;

const rawBody = express.raw({ type: () => true, limit: '1mb' });

export function webhookRoutes(router: Router, deps: PaymentDeps): void {
  router.post('/api/webhooks/:provider', rawBody, async (req, res) => {
    const name = String(req.params.provider);
    if (!(PAYMENT_PROVIDERS as readonly string[]).includes(name)) {
      throw new AppError('not_found', `Not found: POST ${req.path}`);
    }
    const provider = providerNamed(deps.runtime, name as PaymentProviderName);
    if (!provider) throw new AppError('not_found', WEBHOOK_MESSAGES.notConfigured);

    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const headers: Record<string, string | undefined> = {};
    for (const [header, value] of Object.entries(req.headers)) {
      headers[header] = Array.isArray(value) ? value.join(', ') : value;
    }
    let verified: VerifiedWebhook;
    try {
      verified = await provider.verifyWebhook(body, headers);
    } catch (error) {
      if (error instanceof WebhookVerificationError) {
        req.log.warn({ provider: name, reason: error.message }, 'refused a webhook');
        throw new AppError('invalid', WEBHOOK_MESSAGES.invalidSignature);
      }
      req.log.warn({ err: error, provider: name }, 'could not verify a webhook');
      throw new AppError('bad_gateway', 'The webhook could not be verified right now');
    }
    const outcome = await handleWebhook(deps, provider, verified, String(req.id));
    res.set('Cache-Control', 'no-store').json({ received: true, outcome });
  });
}
