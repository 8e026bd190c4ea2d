/** An order as the admin API shows it (`OrderSchema`). */
import { invoiceNumberOf, type Order, type PaymentPlan } from '@platform/contracts';
import { pickFields } from '@platform/service-kit/db';
import { toOrderLines, type OrderWithLines } from './orders.repository.js';

/** When the order was made, paid and refunded, as both the admin's and the buyer's views show it. */
export function orderTimesOf(row: Pick<OrderWithLines, 'createdAt' | 'paidAt' | 'refundedAt'>) {
  return {
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

export function toOrder(row: OrderWithLines, invoiceNumber?: number, paymentPlan?: PaymentPlan): Order {
  return {
    ...pickFields(row, ['id', 'status', 'provider', 'customerEmail']),
    customerName: `${row.customerFirstName} ${row.customerLastName}`,
    ...pickFields(row, ['total', 'currency']),
    lines: toOrderLines(row.lines),
    ...pickFields(row, ['discount', 'couponCode']),
    ...orderTimesOf(row),
    ...pickFields(row, ['problem', 'refundReason']),
    invoiceNumber: invoiceNumber === undefined ? null : invoiceNumberOf(invoiceNumber),
    paymentPlan: paymentPlan ?? null,
  };
}
