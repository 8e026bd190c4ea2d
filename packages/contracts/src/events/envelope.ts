/** The envelope every event travels in, whatever the bus. */
import { z } from 'zod';

export const EventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().regex(/^[a-z]+\.[a-z-]+\.[a-z-]+$/, 'type must be <service>.<entity>.<past-tense-verb>'),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  data: z.unknown(),
});

export type EventEnvelope<TData = unknown> = Omit<z.infer<typeof EventEnvelopeSchema>, 'data'> & {
  data: TData;
};
