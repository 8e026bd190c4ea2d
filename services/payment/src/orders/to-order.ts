/** An order as the admin API shows it (`OrderSchema`). */
import { invoiceNumberOf, type Order, type PaymentPlan } from '@platform/contracts';
import { toOrderLines, type OrderWithLines } from './orders.repository.js';

export function toOrder(row: OrderWithLines, invoiceNumber?: number, paymentPlan?: PaymentPlan): Order {
  return {
    id: row.id,
    status: row.status,
    provider: row.provider,
    customerEmail: row.customerEmail,
    customerName: `${row.customerFirstName} ${row.customerLastName}`,
    total: row.total,
    currency: row.currency,
    lines: toOrderLines(row.lines),
    discount: row.discount,
    couponCode: row.couponCode,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    problem: row.problem,
    refundReason: row.refundReason,
    invoiceNumber: invoiceNumber === undefined ? null : invoiceNumberOf(invoiceNumber),
    paymentPlan: paymentPlan ?? null,
  };
}
