/** The revenue service's settings: the shared ones and how often its jobs look at the owners. */
import { DEFAULT_SERVICE_PORTS } from '@platform/contracts/services';
import { MINUTE } from '@platform/service-kit/clock';
import { serviceConfigSchema } from '@platform/service-kit/runtime';
import { z } from 'zod';

const positiveInt = z.coerce.number().int().positive();

export const revenueConfigSchema = serviceConfigSchema('revenue', DEFAULT_SERVICE_PORTS.revenue, {
  REVENUE_STATUS_INTERVAL_MS: positiveInt
    .default(15 * MINUTE)
    .describe(
      "how often (service time; one replica at a time) each owner's standing (current, overdue, blocked) is recomputed",
    ),
  REVENUE_REMINDERS_INTERVAL_MS: positiveInt
    .default(15 * MINUTE)
    .describe(
      'how often the automatic reminders that are due are sent (each at most once per owner, kind and period)',
    ),
  REVENUE_COLLECTION_INTERVAL_MS: positiveInt
    .default(15 * MINUTE)
    .describe(
      'how often the verified shares due are charged to the card on file (each attempt at most once per report)',
    ),
  REVENUE_ESTIMATES_INTERVAL_MS: positiveInt
    .default(15 * MINUTE)
    .describe(
      'how often months without a report 14 days after their end get an estimated report (each at most once per owner and month)',
    ),
});

export type RevenueConfig = z.infer<typeof revenueConfigSchema>;
