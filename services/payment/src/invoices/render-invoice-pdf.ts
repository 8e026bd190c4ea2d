/**
 * The invoice of a paid order as a one-page A4 PDF (pdf-lib, as the course's certificates; the standard
 * Helvetica faces): the seller from configuration, the buyer as they typed it at checkout (name, company,
 * address, optional tax ID), the invoice and order numbers and date, the lines, the discount, the total,
 * how it was paid. The standard faces cover Western European text (WinAnsi); another character is written
 * without its accent when it has one, else as '?'.
 */
import { billedLinesOf, invoiceNumberOf, orderNumberOf } from '@platform/contracts';
import { EMAIL_DATE, formatDate, formatMoney } from '@platform/contracts/format';
import { PDF_MARGIN as MARGIN, startPdf } from '@platform/service-kit/pdf';
import type { PaymentConfig } from '../config.js';
import type { InvoiceRow } from '../db/schema.js';
import type { OrderWithLines } from '../orders/orders.repository.js';

export type InvoiceSeller = Pick<
  PaymentConfig,
  'INVOICE_SELLER_NAME' | 'INVOICE_SELLER_ADDRESS' | 'INVOICE_SELLER_EMAIL' | 'INVOICE_SELLER_TAX_ID'
>;

const METHODS: Record<OrderWithLines['provider'], Record<OrderWithLines['method'], string>> = {
  stripe: { card: 'Card (Stripe)', wallet: 'Wallet (Stripe)' },
  paypal: { card: 'PayPal', wallet: 'PayPal' },
  test: { card: 'Card (test payment)', wallet: 'Wallet (test payment)' },
};

/** How the invoice names the way the order was paid. */
export function paymentMethodOf(order: Pick<OrderWithLines, 'provider' | 'method'>): string {
  return METHODS[order.provider][order.method];
}

/** The buyer's block: name, company, address lines, country, tax ID (what they gave at checkout). */
export function buyerLinesOf(order: OrderWithLines): string[] {
  const billing = order.billingInfo;
  const name = `${order.customerFirstName} ${order.customerLastName}`.trim();
  if (!billing) return [name, order.customerEmail];
  return [
    name,
    billing.company ?? '',
    billing.address,
    `${billing.city}, ${billing.state} ${billing.zip}`,
    billing.country,
    order.customerEmail,
    billing.taxId ? `Tax ID: ${billing.taxId}` : '',
  ].filter((line) => line.trim() !== '');
}

export async function renderInvoicePdf(
  order: OrderWithLines,
  invoice: InvoiceRow,
  seller: InvoiceSeller,
): Promise<Uint8Array> {
  const number = invoiceNumberOf(invoice.number);
  const w = await startPdf({
    title: `Invoice ${number}`,
    author: seller.INVOICE_SELLER_NAME,
    at: invoice.issuedAt,
  });
  const right = w.right;
  const half = (right + MARGIN) / 2;
  let y = w.top;

  w.text('INVOICE', { x: MARGIN, y, size: 22, bold: true });
  w.alignRight(number, { x: right, y, size: 14, bold: true });
  y -= 22;
  w.alignRight(`Date: ${formatDate(invoice.issuedAt, EMAIL_DATE)}`, { x: right, y });
  y -= 14;
  w.alignRight(`Order: ${orderNumberOf(order.id)}`, { x: right, y });

  // Seller (left) and buyer (right column), each a block of lines.
  y -= 36;
  const sellerLines = [
    seller.INVOICE_SELLER_NAME,
    ...seller.INVOICE_SELLER_ADDRESS.split('|'),
    seller.INVOICE_SELLER_EMAIL,
    seller.INVOICE_SELLER_TAX_ID ? `Tax ID: ${seller.INVOICE_SELLER_TAX_ID}` : '',
  ]
    .map((line) => line.trim())
    .filter(Boolean);
  const buyerX = half + 10;
  w.text('From', { x: MARGIN, y, size: 9, muted: true, bold: true });
  w.text('Billed to', { x: buyerX, y, size: 9, muted: true, bold: true });
  let blockY = y - 16;
  sellerLines.forEach((line, index) =>
    w.text(line, { x: MARGIN, y: blockY - index * 14, bold: index === 0 }),
  );
  buyerLinesOf(order).forEach((line, index) =>
    w.text(line, { x: buyerX, y: blockY - index * 14, bold: index === 0 }),
  );
  blockY -= Math.max(sellerLines.length, buyerLinesOf(order).length) * 14;

  // Lines.
  y = blockY - 24;
  w.text('Description', { x: MARGIN, y, size: 9, bold: true, muted: true });
  w.alignRight('Qty', { x: right - 170, y, size: 9, bold: true });
  w.alignRight('Unit price', { x: right - 90, y, size: 9, bold: true });
  w.alignRight('Amount', { x: right, y, size: 9, bold: true });
  y -= 8;
  w.rule(y);
  y -= 16;
  let subtotal = 0;
  for (const line of billedLinesOf(order)) {
    const amount = line.unitPrice * line.quantity;
    subtotal += amount;
    w.text(line.name, { x: MARGIN, y });
    w.alignRight(String(line.quantity), { x: right - 170, y });
    w.alignRight(formatMoney(line.unitPrice), { x: right - 90, y });
    w.alignRight(formatMoney(amount), { x: right, y });
    y -= 18;
  }
  w.rule(y + 6, right - 250, right, 0.5);
  y -= 10;
  const totals: Array<[string, string, boolean]> = [['Subtotal', formatMoney(subtotal), false]];
  if (order.discount > 0) {
    totals.push([
      `Discount${order.couponCode ? ` (${order.couponCode})` : ''}`,
      `-${formatMoney(order.discount)}`,
      false,
    ]);
  }
  totals.push([`Total paid (${order.currency})`, formatMoney(order.total), true]);
  for (const [label, value, isTotal] of totals) {
    w.text(label, { x: right - 250, y, bold: isTotal, size: isTotal ? 12 : 10 });
    w.alignRight(value, { x: right, y, bold: isTotal, size: isTotal ? 12 : 10 });
    y -= isTotal ? 22 : 16;
  }

  y -= 16;
  w.text(`Payment method: ${paymentMethodOf(order)}`, { x: MARGIN, y });
  y -= 14;
  w.text(`Paid on ${formatDate(order.paidAt ?? invoice.issuedAt, EMAIL_DATE)}`, { x: MARGIN, y });
  w.text('Thank you for your business.', { x: MARGIN, y: MARGIN, size: 9, muted: true });
  return w.pdf.save();
}
