/**
 * The invoice of a paid order as a one-page A4 PDF (pdf-lib, as the course's certificates; the standard
 * Helvetica faces): the seller from configuration, the buyer as they typed it at checkout (name, company,
 * address, optional tax ID), the invoice and order numbers and date, the lines, the discount, the total,
 * how it was paid. The standard faces cover Western European text (WinAnsi); another character is written
 * without its accent when it has one, else as '?'.
 */
import { invoiceNumberOf, orderNumberOf } from '@platform/contracts';
import { EMAIL_DATE, formatDate, formatMoney } from '@platform/contracts/format';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { PaymentConfig } from '../config.js';
import type { InvoiceRow } from '../db/schema.js';
import type { OrderWithLines } from '../orders/orders.repository.js';

const PAGE = { width: 595, height: 842 };
const MARGIN = 56;
const INK = rgb(0.11, 0.15, 0.2);
const MUTED = rgb(0.38, 0.42, 0.48);

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

/** What `font` can draw of `text`. */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text]
    .map((char) => {
      if (supported.has(char.codePointAt(0)!)) return char;
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return [...bare].every((part) => supported.has(part.codePointAt(0)!)) && bare !== '' ? bare : '?';
    })
    .join('');
}

interface Writer {
  text(
    value: string,
    options: { x: number; y: number; size?: number; bold?: boolean; muted?: boolean },
  ): void;
  right(value: string, options: { x: number; y: number; size?: number; bold?: boolean }): void;
}

function writerFor(page: PDFPage, regular: PDFFont, bold: PDFFont): Writer {
  return {
    text: (value, { x, y, size = 10, bold: isBold = false, muted = false }) => {
      const font = isBold ? bold : regular;
      page.drawText(drawable(font, value), { x, y, size, font, color: muted ? MUTED : INK });
    },
    right: (value, { x, y, size = 10, bold: isBold = false }) => {
      const font = isBold ? bold : regular;
      const clean = drawable(font, value);
      page.drawText(clean, { x: x - font.widthOfTextAtSize(clean, size), y, size, font, color: INK });
    },
  };
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
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${number}`);
  pdf.setAuthor(seller.INVOICE_SELLER_NAME);
  pdf.setCreationDate(invoice.issuedAt);
  pdf.setModificationDate(invoice.issuedAt);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const [regular, bold] = await Promise.all([
    pdf.embedFont(StandardFonts.Helvetica),
    pdf.embedFont(StandardFonts.HelveticaBold),
  ]);
  const w = writerFor(page, regular, bold);
  const right = PAGE.width - MARGIN;
  let y = PAGE.height - MARGIN - 10;

  w.text('INVOICE', { x: MARGIN, y, size: 22, bold: true });
  w.right(number, { x: right, y, size: 14, bold: true });
  y -= 22;
  w.right(`Date: ${formatDate(invoice.issuedAt, EMAIL_DATE)}`, { x: right, y });
  y -= 14;
  w.right(`Order: ${orderNumberOf(order.id)}`, { x: right, y });

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
  const buyerX = PAGE.width / 2 + 10;
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
  w.right('Qty', { x: right - 170, y, size: 9, bold: true });
  w.right('Unit price', { x: right - 90, y, size: 9, bold: true });
  w.right('Amount', { x: right, y, size: 9, bold: true });
  y -= 8;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.75, color: MUTED });
  y -= 16;
  let subtotal = 0;
  for (const line of order.lines) {
    const amount = line.unitPrice * line.quantity;
    subtotal += amount;
    w.text(line.name, { x: MARGIN, y });
    w.right(String(line.quantity), { x: right - 170, y });
    w.right(formatMoney(line.unitPrice), { x: right - 90, y });
    w.right(formatMoney(amount), { x: right, y });
    y -= 18;
  }
  page.drawLine({
    start: { x: right - 250, y: y + 6 },
    end: { x: right, y: y + 6 },
    thickness: 0.5,
    color: MUTED,
  });
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
    w.right(value, { x: right, y, bold: isTotal, size: isTotal ? 12 : 10 });
    y -= isTotal ? 22 : 16;
  }

  y -= 16;
  w.text(`Payment method: ${paymentMethodOf(order)}`, { x: MARGIN, y });
  y -= 14;
  w.text(`Paid on ${formatDate(order.paidAt ?? invoice.issuedAt, EMAIL_DATE)}`, { x: MARGIN, y });
  w.text('Thank you for your business.', { x: MARGIN, y: MARGIN, size: 9, muted: true });
  return pdf.save();
}
