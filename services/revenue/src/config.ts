/** The revenue service's settings: the shared ones and how often its two jobs look at the owners. */
import { MINUTE, serviceConfigSchema } from '@platform/service-kit';
import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();

export const revenueConfigSchema = serviceConfigSchema('revenue', {
  /** How often owners' standing (current / overdue / blocked) is recomputed from the clock, in ms. */
  REVENUE_STATUS_INTERVAL_MS: positiveInt.default(15 * MINUTE),
  /** How often the automatic reminders due are sent, in ms (each is sent once whatever the interval). */
  REVENUE_REMINDERS_INTERVAL_MS: positiveInt.default(15 * MINUTE),
});

export type RevenueConfig = z.infer<typeof revenueConfigSchema>;
