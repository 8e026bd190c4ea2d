/**
 * `POST /api/grant-course-access` (spec §7): the confirmation page asks the server to fulfil the order
 * behind `session_id`. The server asks the provider whether it was paid; it never grants for an unpaid
 * session, and asking twice fulfils once.
 */
import { z } from 'zod';

export const GrantCourseAccessRequestSchema = z.object({
  session_id: z.string({ error: 'session_id is required' }).trim().min(1, 'session_id is required').max(255),
  customer_email: z.string().max(254).optional(),
  customer_name: z.string().max(200).optional(),
});
export type GrantCourseAccessRequest = z.input<typeof GrantCourseAccessRequestSchema>;

export const GrantCourseAccessResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** The order's state after the call. */
  status: z.enum(['pending', 'paid', 'fulfilled', 'refunded', 'failed']),
});
export type GrantCourseAccessResponse = z.infer<typeof GrantCourseAccessResponseSchema>;
