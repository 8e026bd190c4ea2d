/** The error body every API answers with. */
import { z } from 'zod';

export const ErrorBodySchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
