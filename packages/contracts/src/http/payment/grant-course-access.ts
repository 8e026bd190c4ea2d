/**
 * `POST /api/grant-course-access` (docs/behaviour/checkout-and-payments.md#order-confirmation): the
 * confirmation page asks the server to fulfil the order behind `session_id`. The server asks the provider
 * whether it was paid; it never grants for an unpaid session, and asking twice fulfils once.
 */
import { z } from 'zod';
import { textField } from '../text.js';

/** A payment provider's checkout session or order id as the browser hands it back (`session_id`, `token`). */
export const ProviderSessionIdSchema = textField({
  min: 1,
  max: 255,
  required: 'session_id is required',
  tooLong: 'session_id is too long',
});

export const GrantCourseAccessRequestSchema = z.object({
  session_id: ProviderSessionIdSchema,
  customer_email: textField({
    max: 254,
    keepSpaces: true,
    required: 'customer_email must be text',
  }).optional(),
  customer_name: textField({ max: 200, keepSpaces: true, required: 'customer_name must be text' }).optional(),
});
export type GrantCourseAccessRequest = z.input<typeof GrantCourseAccessRequestSchema>;

export const GrantCourseAccessResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** The order's state after the call. */
  status: z.enum(['pending', 'paid', 'fulfilled', 'refunded', 'failed']),
  /** Once fulfilled: the products bought, so the page can say how to use each (the consultation's form). */
  productIds: z.array(z.string()).optional(),
  /**
   * True when the account already had what this order bought (another checkout of it was paid first): the
   * payment is refunded automatically and nothing is granted.
   */
  alreadyOwned: z.boolean().optional(),
});
export type GrantCourseAccessResponse = z.infer<typeof GrantCourseAccessResponseSchema>;
