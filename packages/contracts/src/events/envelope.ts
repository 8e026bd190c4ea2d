/** The envelope every event travels in, whatever the bus. */
import { z } from 'zod';
import { isoDateTime } from '../http/fields.js';

export const EventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().regex(/^[a-z]+\.[a-z-]+\.[a-z-]+$/, 'type must be <service>.<entity>.<past-tense-verb>'),
  version: z.number().int().positive(),
  occurredAt: isoDateTime,
  data: z.unknown(),
});

export type EventEnvelope<TData = unknown> = Omit<z.infer<typeof EventEnvelopeSchema>, 'data'> & {
  data: TData;
};
