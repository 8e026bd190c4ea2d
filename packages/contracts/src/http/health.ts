import { z } from 'zod';

export const HealthCheckResultSchema = z.object({
  status: z.enum(['ok', 'error']),
  error: z.string().optional(),
});

export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  service: z.string(),
  checks: z.record(z.string(), HealthCheckResultSchema),
  /** Where the process is: not ready while it starts (migrations, consumers) or stops (SIGTERM). */
  stage: z.enum(['starting', 'serving', 'stopping']).optional(),
});

export type Readiness = z.infer<typeof ReadinessSchema>;
