/**
 * The receipt for a paid order: what was bought, the total, the order id and the money-back guarantee. A
 * revenue share paid online (`revenueReportId`) is a payment of what the owner owes, not a purchase: its
 * receipt says where it was recorded and promises no money-back guarantee. A receipt for the consultation
 * says how to get it, with a button to the consultation form. The invoice's number and the address of its PDF
 * (docs/behaviour/checkout-and-payments.md#invoices) are listed when the order has one, and the PDF is
 * attached when the event carries it (`receiptAttachments`).
 */
import {
  billedLinesOf,
  CONSULTATION_NEXT_STEP,
  CONSULTATION_PRODUCT_ID,
  REFUND_WINDOW_DAYS,
  type PaymentOrderPaid,
} from '@platform/contracts';
import { EMAIL_DATE, formatDate, formatMoney } from '@platform/contracts/format';
import type { MailAttachment } from '../db/schema.js';
import { greetingName, renderEmail, type RenderedEmail, type TemplateSettings } from './layout.js';

export const RECEIPT_TEMPLATE = 'receipt';

export interface ReceiptEmailInput {
  order: PaymentOrderPaid;
  settings: TemplateSettings;
}

export function renderReceiptEmail({ order, settings }: ReceiptEmailInput): RenderedEmail {
  const total = formatMoney(order.total);
  const paidAt = new Date(order.paidAt);
  const guaranteeEnds = new Date(paidAt.getTime() + REFUND_WINDOW_DAYS * 24 * 60 * 60_000);
  // As charged: a payment plan's order is billed as its first instalment.
  const lines = billedLinesOf(order).map((line) => {
    const amount = formatMoney(line.unitPrice * line.quantity);
    return line.quantity === 1 ? `${line.name}: ${amount}` : `${line.name} × ${line.quantity}: ${amount}`;
  });
  const share = Boolean(order.revenueReportId);
  const invoiceUrl = `${settings.baseUrl}/api/orders/${order.orderId}/invoice.pdf`;
  const consultation = order.lines.some((line) => line.productId === CONSULTATION_PRODUCT_ID);
  return renderEmail({
    subject: `Your Restaurant Consultant receipt (${total})`,
    preheader: `We received your payment of ${total}. Order ${order.orderId}.`,
    heading: share ? 'Thank you for your payment' : 'Thank you for your order',
    greeting: `Hi ${greetingName(order.firstName)},`,
    intro: [
      `We received your payment of ${total} on ${formatDate(paidAt, EMAIL_DATE)}. This is your receipt.`,
      `Order number: ${order.orderId}`,
      ...(order.invoiceNumber
        ? [
            order.invoicePdf
              ? `Invoice ${order.invoiceNumber} is attached as a PDF (also at ${invoiceUrl}, signed in).`
              : `Invoice ${order.invoiceNumber} (PDF, signed in): ${invoiceUrl}`,
          ]
        : []),
      ...lines,
      ...(order.discount && order.couponCode
        ? [`Discount (${order.couponCode}): -${formatMoney(order.discount)}`]
        : []),
      `Total paid: ${total}`,
      ...(order.provider === 'test' ? ['This was a test-mode payment: no money was charged.'] : []),
      ...(consultation ? [CONSULTATION_NEXT_STEP.text] : []),
    ],
    ...(consultation
      ? {
          action: {
            label: CONSULTATION_NEXT_STEP.linkLabel,
            url: `${settings.baseUrl}${CONSULTATION_NEXT_STEP.path}`,
          },
        }
      : {}),
    outro: [
      share
        ? 'The payment is recorded on your revenue report, where you can see what is still due.'
        : `${REFUND_WINDOW_DAYS}-day money-back guarantee: if it is not right for you, ask for a refund by ${formatDate(guaranteeEnds, EMAIL_DATE)} and you get the full amount back: sign in and open Orders & billing (${settings.baseUrl}/orders).`,
      'Keep this e-mail for your records.',
    ],
    settings,
  });
}

/** The invoice PDF the event carries, as the receipt's attachment 'invoice-INV-000042.pdf'. */
export function receiptAttachments(order: PaymentOrderPaid): MailAttachment[] {
  if (!order.invoicePdf || !order.invoiceNumber) return [];
  return [
    {
      filename: `invoice-${order.invoiceNumber}.pdf`,
      contentType: 'application/pdf',
      contentBase64: order.invoicePdf,
    },
  ];
}
