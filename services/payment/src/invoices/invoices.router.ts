/**
 * Invoices as PDF (docs/behaviour/checkout-and-payments.md#invoices):
 *
 *   GET /api/orders/:id/invoice.pdf        → the caller's own order's invoice (signed in; 404 for an order
 *                                            that is not theirs or has no invoice, 401 for visitors)
 *   GET /api/admin/orders/:id/invoice.pdf  → any order's invoice (admin; 403 for anyone else)
 */
import { OrderIdParamsSchema, invoiceNumberOf } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { routesWith, sendPdf, validate } from '@platform/service-kit/http';
import { requireAdmin, requireUser } from '@platform/service-kit/identity';
import type { Response, Router } from 'express';
import { accountOf, isOwnedBy } from '../orders/order-owner.js';
import { findOrder, type OrderWithLines } from '../orders/orders.repository.js';
import type { PaymentDeps } from '../runtime.js';
import { findInvoice } from './invoices.repository.js';
import { renderInvoicePdf } from './render-invoice-pdf.js';

export const INVOICE_NOT_FOUND = 'No invoice was found for this order.';

export function invoiceRoutes(router: Router, deps: PaymentDeps): void {
  const send = async (res: Response, order: OrderWithLines | null) => {
    const invoice = order ? await findInvoice(deps.db, order.id) : undefined;
    if (!order || !invoice) throw new AppError('not_found', INVOICE_NOT_FOUND);
    const pdf = await renderInvoicePdf(order, invoice, deps.config);
    sendPdf(res, pdf, `invoice-${invoiceNumberOf(invoice.number)}.pdf`);
  };

  const signedIn = routesWith(router, { access: requireUser });
  const admin = routesWith(router, { access: requireAdmin });

  signedIn.get(
    '/api/orders/:id/invoice.pdf',
    validate({ params: OrderIdParamsSchema }, { notFound: INVOICE_NOT_FOUND }),
    async (req, res) => {
      const order = await findOrder(deps.db, req.params.id);
      await send(res, order && isOwnedBy(order, accountOf(req.caller)) ? order : null);
    },
  );

  admin.get(
    '/api/admin/orders/:id/invoice.pdf',
    validate({ params: OrderIdParamsSchema }, { notFound: INVOICE_NOT_FOUND }),
    async (req, res) => {
      await send(res, await findOrder(deps.db, req.params.id));
    },
  );
}
