import { describe, expect, it } from '@jest/globals';
import { EventEnvelopeSchema, eventSchemas, isKnownEventType } from '../index.js';

/** An envelope of `type` carrying `data`, well-formed in every other field. */
const envelope = (type: string, data: Record<string, unknown>) => ({
  id: '0b6c8d0e-2f57-4d1e-9a51-7f6f1f7a9b10',
  type,
  version: 1,
  occurredAt: new Date().toISOString(),
  data,
});

describe('event envelope', () => {
  it('accepts a well-formed envelope', () => {
    const parsed = EventEnvelopeSchema.parse(envelope('payment.order.paid', { orderId: 'x' }));
    expect(parsed.type).toBe('payment.order.paid');
  });

  it('rejects a type that is not <service>.<entity>.<verb>', () => {
    const result = EventEnvelopeSchema.safeParse(envelope('OrderPaid', {}));
    expect(result.success).toBe(false);
  });

  it('knows every registered subject and no other', () => {
    expect(isKnownEventType('platform.probe.recorded')).toBe(true);
    expect(isKnownEventType('toString')).toBe(false);
    expect(Object.keys(eventSchemas).every((t) => /^[a-z]+\.[a-z-]+\.[a-z-]+$/.test(t))).toBe(true);
  });
});
