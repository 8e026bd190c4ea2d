/**
 * `GET /api/payment/my-purchases` (docs/behaviour/checkout-and-payments.md#one-per-person): what the
 * signed-in account has bought and still has (fulfilled, not refunded, a plan's subscription not ended), by
 * product id. The dashboard reads it to say how to get the consultation.
 */
import { z } from 'zod';

export const MyPurchasesSchema = z.object({ productIds: z.array(z.string()) });
export type MyPurchases = z.infer<typeof MyPurchasesSchema>;
