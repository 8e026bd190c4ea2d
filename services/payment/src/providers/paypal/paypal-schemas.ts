/**
 * The parts of PayPal's answers and webhook events we read, checked with zod: they cross a trust boundary
 * like any request does. Unknown fields pass through untouched.
 */
import { z } from 'zod';

export const PaypalTokenSchema = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().nonnegative(),
});

export const PaypalErrorBodySchema = z.looseObject({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z
    .array(z.looseObject({ issue: z.string().optional(), description: z.string().optional() }))
    .optional(),
  /** The OAuth endpoint answers in the OAuth shape. */
  error: z.string().optional(),
  error_description: z.string().optional(),
});

export const PaypalMoneySchema = z.looseObject({ currency_code: z.string(), value: z.string() });

export const PaypalLinkSchema = z.looseObject({
  href: z.string(),
  rel: z.string(),
  method: z.string().optional(),
});

export const PaypalCaptureSchema = z.looseObject({
  id: z.string(),
  /** COMPLETED, PENDING, DECLINED, FAILED, REFUNDED, PARTIALLY_REFUNDED. */
  status: z.string(),
  amount: PaypalMoneySchema.optional(),
  custom_id: z.string().optional(),
  supplementary_data: z
    .looseObject({ related_ids: z.looseObject({ order_id: z.string().optional() }).optional() })
    .optional(),
});
export type PaypalCapture = z.infer<typeof PaypalCaptureSchema>;

export const PaypalRefundSchema = z.looseObject({ id: z.string(), status: z.string() });

/** The refund PAYMENT.CAPTURE.REFUNDED carries: its capture is its `up` link. */
export const PaypalRefundEventResourceSchema = z.looseObject({
  id: z.string(),
  amount: PaypalMoneySchema.optional(),
  seller_payable_breakdown: z.looseObject({ total_refunded_amount: PaypalMoneySchema.optional() }).optional(),
  links: z.array(PaypalLinkSchema).optional().default([]),
});

export const PaypalOrderSchema = z.looseObject({
  id: z.string(),
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED, PAYER_ACTION_REQUIRED. */
  status: z.string(),
  links: z.array(PaypalLinkSchema).optional().default([]),
  purchase_units: z
    .array(
      z.looseObject({
        custom_id: z.string().optional(),
        amount: PaypalMoneySchema.optional(),
        payments: z
          .looseObject({
            captures: z.array(PaypalCaptureSchema).optional(),
            refunds: z.array(PaypalRefundSchema).optional(),
          })
          .optional(),
      }),
    )
    .optional()
    .default([]),
});
export type PaypalOrder = z.infer<typeof PaypalOrderSchema>;

export const PaypalVerifyAnswerSchema = z.looseObject({ verification_status: z.string() });

export const PaypalWebhookEventSchema = z.looseObject({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z.looseObject({}).optional(),
});
