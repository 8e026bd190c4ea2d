/**
 * A paid order as `payment.order.paid` (and `payment.receipt.requested`) carries it: what the receipt (with
 * its invoice attached), the account's membership and the revenue stats read.
 */
import { invoiceNumberOf, type PaymentOrderPaid } from '@platform/contracts';
import { courseIdsOf, toOrderLines, type OrderWithLines } from './orders.repository.js';

export function paidOrderData(
  order: OrderWithLines,
  paidAt: Date,
  invoiceNumber: number,
  /** The invoice as a PDF, attached to the receipt. */
  invoicePdf?: Uint8Array,
): PaymentOrderPaid {
  return {
    orderId: order.id,
    provider: order.provider,
    email: order.customerEmail,
    firstName: order.customerFirstName,
    lastName: order.customerLastName,
    total: order.total,
    currency: order.currency,
    lines: toOrderLines(order.lines),
    courseIds: courseIdsOf(order.lines),
    paidAt: paidAt.toISOString(),
    invoiceNumber: invoiceNumberOf(invoiceNumber),
    ...(invoicePdf ? { invoicePdf: Buffer.from(invoicePdf).toString('base64') } : {}),
    // The signed-in buyer's own account gets the purchase, whatever billing address they typed.
    ...(order.placedByUserId ? { placedByUserId: order.placedByUserId } : {}),
    ...(order.revenueReportId ? { revenueReportId: order.revenueReportId } : {}),
    ...(order.discount > 0 && order.couponCode
      ? { discount: order.discount, couponCode: order.couponCode }
      : {}),
  };
}
