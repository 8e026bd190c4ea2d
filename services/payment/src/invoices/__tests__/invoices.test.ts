/**
 * Invoices (docs/behaviour/checkout-and-payments.md#invoices): every fulfilled order gets the next number
 * of one gapless sequence, however many are fulfilled at once (through two replicas on PostgreSQL); its
 * PDF prints the seller from configuration, the buyer's details from checkout, the lines, the discount,
 * the total and how it was paid (a payment plan's first payment as that instalment); the buyer downloads
 * their own, the admin any, nobody else.
 */
import { describe, expect, it } from '@jest/globals';
import {
  MyOrderListSchema,
  OrderListSchema,
  invoiceNumberOf,
  orderNumberOf,
  type Caller,
} from '@platform/contracts';
import { MINUTE } from '@platform/service-kit/clock';
import { drawnPdfText } from '@platform/service-kit/testing';
import { PDFDocument } from 'pdf-lib';
import { inArray } from 'drizzle-orm';
import {
  ADMIN,
  BILLING,
  backings,
  newSignedInBuyer,
  usePaymentSuite,
  fulfilledOrder,
} from '../../__tests__/harness.js';
import { invoices } from '../../db/schema.js';
import { RECONCILIATION_JOB } from '../../orders/reconcile-pending-orders.js';
import { CATALOGUE_WITH_PLAN, PLAN } from '../../payment-plans/__tests__/plan-product.js';

const SELLER = {
  INVOICE_SELLER_NAME: 'Restaurant Consultant LLC',
  INVOICE_SELLER_ADDRESS: '500 Market Street|Austin, TX 78701',
  INVOICE_SELLER_EMAIL: 'billing@restaurant.example.com',
  INVOICE_SELLER_TAX_ID: 'US-99-1234567',
};

const newBuyer = () => newSignedInBuyer('invoices');

describe.each(backings())('invoices on $name', (factory) => {
  const suite = usePaymentSuite(factory, {
    replica: true,
    env: SELLER,
    catalogue: CATALOGUE_WITH_PLAN,
  });
  const { payment } = suite;

  async function startCheckout(buyer: Caller, billing = {}) {
    const response = await payment.call('/api/create-checkout-session', {
      caller: buyer,
      json: {
        items: [{ id: 'restaurant-consultation', quantity: 1 }],
        billingInfo: { ...BILLING, email: buyer.kind === 'user' ? buyer.email : BILLING.email, ...billing },
      },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { sessionId: string }).sessionId;
  }

  it('prints the seller, the buyer with company and tax ID, the line, the total and the method', async () => {
    const buyer = newBuyer();
    const sessionId = await startCheckout(buyer, { taxId: 'GB123456789' });
    const order = await fulfilledOrder(payment, sessionId);

    const [listed] = MyOrderListSchema.parse(
      await (await payment.call('/api/orders', { caller: buyer })).json(),
    ).orders;
    expect(listed!.invoiceNumber).toMatch(/^INV-\d{6}$/);
    const paid = (await payment.events('payment.order.paid')).find((e) => e.data.orderId === order.id);
    expect(paid!.data.invoiceNumber).toBe(listed!.invoiceNumber);
    // The receipt's attachment: the same invoice, carried by the event.
    const attached = Buffer.from(String(paid!.data.invoicePdf), 'base64');
    expect((await PDFDocument.load(attached)).getTitle()).toBe(`Invoice ${listed!.invoiceNumber}`);
    expect(drawnPdfText(attached)).toContain(`Order: ${orderNumberOf(order.id)}`);

    const response = await payment.call(`/api/orders/${order.id}/invoice.pdf`, { caller: buyer });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-${listed!.invoiceNumber}.pdf"`,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Invoice ${listed!.invoiceNumber}`);
    const text = drawnPdfText(bytes);
    for (const expected of [
      listed!.invoiceNumber!,
      `Order: ${orderNumberOf(order.id)}`,
      'Restaurant Consultant LLC',
      '500 Market Street',
      'Austin, TX 78701',
      'Tax ID: US-99-1234567',
      'Ada Lovelace',
      'The Analytical Bistro',
      '12 Engine Street',
      'London, LDN 10001',
      'Tax ID: GB123456789',
      'Restaurant Consultation',
      '$697.00',
      'Total paid (USD)',
      'Payment method: Card (test payment)',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Discount');
  });

  it('bills a payment plan’s first payment as the instalment charged, not the programme’s price', async () => {
    const buyer = newBuyer();
    const response = await payment.call('/api/create-checkout-session', {
      caller: buyer,
      json: { items: [{ id: PLAN.id, quantity: 1 }], billingInfo: { ...BILLING, email: buyer.email } },
    });
    expect(response.status).toBe(200);
    const { sessionId } = (await response.json()) as { sessionId: string };
    const order = await fulfilledOrder(payment, sessionId);
    expect(order.total).toBe(53_233);

    const paid = (await payment.events('payment.order.paid')).find((e) => e.data.orderId === order.id);
    const downloaded = await payment.call(`/api/orders/${order.id}/invoice.pdf`, { caller: buyer });
    expect(downloaded.status).toBe(200);
    for (const pdf of [
      Buffer.from(String(paid!.data.invoicePdf), 'base64'),
      Buffer.from(await downloaded.arrayBuffer()),
    ]) {
      const text = drawnPdfText(pdf);
      // The line, the subtotal and the total are what the card was charged, as on the payment page.
      expect(text).toContain('Flexible Payments Program (payment 1 of 3)\n1\n$532.33\n$532.33');
      expect(text).toContain('Subtotal\n$532.33');
      expect(text).toContain('Total paid (USD)\n$532.33');
      expect(text).not.toContain('Subtotal\n$1,597.00');
    }
  });

  it('is the buyer’s and the admin’s only: 401 for visitors, 404 for others and for unpaid orders', async () => {
    const buyer = newBuyer();
    const sessionId = await startCheckout(buyer);
    const pending = (await payment.orderBySession(sessionId))!;
    expect((await payment.call(`/api/orders/${pending.id}/invoice.pdf`, { caller: buyer })).status).toBe(404);
    await payment.call(`/api/test-checkout/${sessionId}/pay`, { method: 'POST' });

    expect((await payment.call(`/api/orders/${pending.id}/invoice.pdf`)).status).toBe(401);
    const stranger = await payment.call(`/api/orders/${pending.id}/invoice.pdf`, { caller: newBuyer() });
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ message: 'No invoice was found for this order.' });
    expect((await payment.call('/api/orders/not-an-id/invoice.pdf', { caller: buyer })).status).toBe(404);
    expect(
      (await payment.call(`/api/admin/orders/${pending.id}/invoice.pdf`, { caller: buyer })).status,
    ).toBe(403);
    const admin = await payment.call(`/api/admin/orders/${pending.id}/invoice.pdf`, { caller: ADMIN });
    expect(admin.status).toBe(200);
    expect(drawnPdfText(Buffer.from(await admin.arrayBuffer()))).toContain('Ada Lovelace');
    const list = OrderListSchema.parse(
      await (await payment.call('/api/admin/orders', { caller: ADMIN })).json(),
    );
    expect(list.orders.find((order) => order.id === pending.id)?.invoiceNumber).toMatch(/^INV-\d{6}$/);
  });

  it('numbers orders fulfilled at once without a gap or a repeat, once per order', async () => {
    const buyers = Array.from({ length: 6 }, () => newBuyer());
    const sessions = await Promise.all(buyers.map((buyer) => startCheckout(buyer)));
    const services = [payment, suite.replica ?? payment];
    // Each order paid twice at once (a double click, a webhook and the return page), on both replicas.
    await Promise.all(
      sessions.flatMap((sessionId, index) =>
        [0, 1].map((n) =>
          services[(index + n) % 2]!.call(`/api/test-checkout/${sessionId}/pay`, { method: 'POST' }),
        ),
      ),
    );
    // A webhook lost on a busy machine leaves its paid order to the reconciliation, as in production;
    // what it fulfils late is numbered in the same sequence.
    payment.clock.advance(10 * MINUTE);
    expect(await payment.service.jobs.runNow(RECONCILIATION_JOB)).toMatchObject({ ran: true, ok: true });
    const orders = await Promise.all(sessions.map((sessionId) => payment.orderBySession(sessionId)));
    expect(orders.map((order) => order?.status)).toEqual(Array(6).fill('fulfilled'));
    const orderIds = orders.map((order) => order!.id);
    const rows = await payment.service.deps.db
      .select()
      .from(invoices)
      .where(inArray(invoices.orderId, orderIds));
    expect(rows).toHaveLength(6);
    const all = (await payment.service.deps.db.select({ number: invoices.number }).from(invoices)).map(
      (row) => row.number,
    );
    const sorted = [...all].sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: sorted.length }, (_, index) => index + 1));
    expect(invoiceNumberOf(sorted.at(-1)!)).toBe(`INV-${String(sorted.length).padStart(6, '0')}`);
  });
});
