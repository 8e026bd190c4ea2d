/**
 * The auth service's part of the admin's customers (docs/behaviour/admin.md#customers; docs/decisions.md,
 * 100):
 *
 *   GET  /api/admin/customers?q=&offset=                → AdminCustomerPageSchema (25 a page, newest first)
 *   GET  /api/admin/customers/:userId                   → AdminCustomerSchema; 404 'Customer not found'
 *   POST /api/admin/customers/:userId/set-password-link → 200 { message }: the forgotten-password e-mail;
 *     429 when that address had too many. Visitors get 401, other users 403; the admin's own account is
 *     no customer (404).
 */
import {
  CUSTOMER_NOT_FOUND_MESSAGE,
  CUSTOMER_PAGE_SIZE,
  CustomerAccountParamsSchema,
  CustomerSearchQuerySchema,
  SET_PASSWORD_LINK_MESSAGES,
  type AdminCustomer,
  type AdminCustomerPage,
  type NoticeResponse,
} from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { routesWith, validate } from '@platform/service-kit/http';
import { requireAdmin } from '@platform/service-kit/identity';
import type { Router } from 'express';
import { requestPasswordReset } from '../passwords/request-password-reset.js';
import type { AuthDeps } from '../runtime.js';
import { searchCustomers } from './customers.repository.js';

type CustomerRow = Awaited<ReturnType<typeof searchCustomers>>[number];

function toCustomer({ user, lastSignInAt }: CustomerRow): AdminCustomer {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    isMember: user.isMember,
    planStatus: user.planStatus,
    createdAt: user.createdAt.toISOString(),
    lastSignInAt: lastSignInAt ? new Date(lastSignInAt).toISOString() : null,
  };
}

async function findCustomer(db: Executor, userId: string): Promise<AdminCustomer> {
  const [row] = await searchCustomers(db, { search: '', offset: 0, limit: 1, userId });
  if (!row) throw new AppError('not_found', CUSTOMER_NOT_FOUND_MESSAGE);
  return toCustomer(row);
}

export function customerRoutes(router: Router, deps: AuthDeps): void {
  const admin = routesWith(router, { access: requireAdmin });

  admin.get('/api/admin/customers', validate({ query: CustomerSearchQuerySchema }), async (req, res) => {
    const { q, offset } = req.query;
    // One more than a page says whether another follows.
    const rows = await searchCustomers(deps.db, { search: q, offset, limit: CUSTOMER_PAGE_SIZE + 1 });
    const body: AdminCustomerPage = {
      customers: rows.slice(0, CUSTOMER_PAGE_SIZE).map(toCustomer),
      nextOffset: rows.length > CUSTOMER_PAGE_SIZE ? offset + CUSTOMER_PAGE_SIZE : null,
    };
    res.set('Cache-Control', 'private, no-store').json(body);
  });

  admin.get(
    '/api/admin/customers/:userId',
    validate({ params: CustomerAccountParamsSchema }, { notFound: CUSTOMER_NOT_FOUND_MESSAGE }),
    async (req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await findCustomer(deps.db, req.params.userId));
    },
  );

  admin.post(
    '/api/admin/customers/:userId/set-password-link',
    validate({ params: CustomerAccountParamsSchema }, { notFound: CUSTOMER_NOT_FOUND_MESSAGE }),
    async (req, res) => {
      const customer = await findCustomer(deps.db, req.params.userId);
      const outcome = await requestPasswordReset(deps, {
        email: customer.email,
        limits: deps.runtime.limits,
        requestId: String(req.id),
      });
      if (outcome === 'limited') throw new AppError('rate_limited', SET_PASSWORD_LINK_MESSAGES.limited);
      const body: NoticeResponse = { message: SET_PASSWORD_LINK_MESSAGES.sent };
      res.set('Cache-Control', 'private, no-store').json(body);
    },
  );
}
