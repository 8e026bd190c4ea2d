/**
 * The test provider's webhook signature, modelled on Stripe's: `Test-Signature: t=<unix seconds>,v1=<hex>`
 * where v1 is HMAC-SHA256(secret, `${t}.${raw body}`). A signature older (or newer) than the tolerance
 * is refused, so a captured webhook cannot be replayed later with a fresh effect.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from '../payment-provider.js';

export const TEST_SIGNATURE_HEADER = 'test-signature';
export const TEST_SIGNATURE_TOLERANCE_SECONDS = 300;

export function signTestPayload(rawBody: string | Buffer, secret: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody)}`;
}

/** Throws WebhookVerificationError unless `header` signs `rawBody` with `secret` within the tolerance. */
export function verifyTestSignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = TEST_SIGNATURE_TOLERANCE_SECONDS,
): void {
  if (!header) throw new WebhookVerificationError('Missing Test-Signature header');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, ...rest] = item.trim().split('=');
    if (!key || rest.length === 0) continue;
    parts.set(key, [...(parts.get(key) ?? []), rest.join('=')]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isSafeInteger(timestamp)) throw new WebhookVerificationError('Malformed Test-Signature header');
  const expected = Buffer.from(hmac(secret, timestamp, rawBody), 'hex');
  const matches = (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('Webhook signature does not match');
  const age = Math.abs(Math.floor(now.getTime() / 1000) - timestamp);
  if (age > toleranceSeconds)
    throw new WebhookVerificationError('Webhook timestamp is outside the tolerance');
}

function hmac(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody) : rawBody)
    .digest('hex');
}
