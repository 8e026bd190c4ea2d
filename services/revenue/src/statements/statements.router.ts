/**
 * Monthly statements (docs/behaviour/revenue-share.md#monthly-statements; contract in `@platform/contracts`
 * http/revenue/statements.ts):
 *
 *   GET /api/revenue-statements                              the signed-in owner's, this month
 *   GET /api/revenue-statements/:month(.pdf)                 the signed-in owner's, `YYYY-MM`
 *   GET /api/admin/revenue-customers/:id/statements/:month(.pdf)   the admin's copy of any owner's
 *
 * The owner only ever reads their own (the caller's id); a month without a statement is a 404.
 */
import {
  CustomerIdParamsSchema,
  REVENUE_ADMIN_MESSAGES,
  STATEMENT_MESSAGES,
  StatementFileParamsSchema,
  type RevenueStatement,
} from '@platform/contracts';
import { noStore, routesWith, sendPdf, validate } from '@platform/service-kit/http';
import { requireAdmin, requireUser } from '@platform/service-kit/identity';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Response, Router } from 'express';
import type { RevenueConfig } from '../config.js';
import { buildStatement } from './build-statement.js';
import { renderStatementPdf } from './render-statement-pdf.js';

async function send(res: Response, statement: RevenueStatement, pdf: boolean): Promise<void> {
  if (!pdf) {
    res.json(statement);
    return;
  }
  sendPdf(res, await renderStatementPdf(statement), `revenue-statement-${statement.month}.pdf`);
}

const AdminStatementParamsSchema = CustomerIdParamsSchema.and(StatementFileParamsSchema);

export function statementRoutes(router: Router, deps: ServiceDeps<RevenueConfig>): void {
  const ownStatement = async (userId: string, res: Response, month: string | null, pdf: boolean) => {
    const now = deps.clock.now();
    const statement = await buildStatement(deps.db, userId, month, now, STATEMENT_MESSAGES.notOnPlan);
    await send(res, statement, pdf);
  };

  const signedIn = routesWith(router, { cache: noStore, access: requireUser });
  const admin = routesWith(router, { cache: noStore, access: requireAdmin });

  signedIn.get('/api/revenue-statements', (req, res) => ownStatement(req.caller.userId, res, null, false));

  signedIn.get('/api/revenue-statements/:file', validate({ params: StatementFileParamsSchema }), (req, res) =>
    ownStatement(req.caller.userId, res, req.params.month, req.params.pdf),
  );

  admin.get(
    '/api/admin/revenue-customers/:id/statements/:file',
    validate({ params: AdminStatementParamsSchema }),
    async (req, res) => {
      const { id, month, pdf } = req.params;
      const statement = await buildStatement(
        deps.db,
        id,
        month,
        deps.clock.now(),
        REVENUE_ADMIN_MESSAGES.customerNotFound,
      );
      await send(res, statement, pdf);
    },
  );
}
