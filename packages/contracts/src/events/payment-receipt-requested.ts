/**
 * `payment.receipt.requested`: the admin asked for a paid order's receipt again (docs/behaviour/admin.md#customers).
 * The data is the order as `payment.order.paid` carried it; notification sends the same receipt to the
 * billing e-mail, once per event. Nobody else consumes it: it grants and records nothing.
 */
import type { z } from 'zod';
import { PaymentOrderPaidSchema } from './payment-order-paid.js';

export const PaymentReceiptRequestedSchema = PaymentOrderPaidSchema;
export type PaymentReceiptRequested = z.infer<typeof PaymentReceiptRequestedSchema>;
