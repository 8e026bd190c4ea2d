/**
 * Hostile input never makes the revenue service fail: every route, fuzzed from its contract (fast-check),
 * as a visitor, an owner on the plan, a signed-in account without one and the admin, answers below 500
 * and shows no stack, SQL or path.
 */
import { describe, expect, it } from '@jest/globals';
import {
  AcceptDisputeRequestSchema,
  DisputeReportRequestSchema,
  MarkPaidRequestSchema,
  RejectDisputeRequestSchema,
  RevenueReportRequestSchema,
  RevenueShareConsentRequestSchema,
  SendReminderRequestSchema,
  TEXT_CHARACTERS_MESSAGE,
} from '@platform/contracts';
import { fuzzRoutes } from '@platform/service-kit/testing';
import { admin, backings, json, reportBody, user, useClockedRevenue } from './harness.js';

describe.each(backings())('revenue under fuzzed input on $name', (factory) => {
  const owner = user();
  const support = admin();
  let reportId: string;

  const { revenue, clock } = useClockedRevenue(factory, { quiet: true }, async () => {
    await revenue.consent(owner, 100_000);
    clock.set('2030-06-15T12:00:00.000Z');
    reportId = await revenue.acceptedReport(owner, reportBody('2030-03-01', '2030-03-31'));
  });

  it('refuses a NUL in the notes (400, the text message)', async () => {
    const response = await revenue.requestAs(
      owner,
      '/api/revenue-report',
      json({ ...reportBody('2030-04-01', '2030-04-30'), notes: 'ok\u0000' }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(TEXT_CHARACTERS_MESSAGE);
  });

  it('answers 404 for report ids with a NUL byte, and 400 for such a customer id', async () => {
    for (const path of ['/api/admin/verify-report/abc%00def', '/api/admin/mark-paid/abc%00def']) {
      const response = await revenue.requestAs(support, path, json({ amount: 1 }));
      expect(response.status).toBe(404);
    }
    const reminder = await revenue.requestAs(
      support,
      '/api/admin/send-reminder',
      json({ customerId: 'abc\u0000def', reminderType: 'report' }),
    );
    expect(reminder.status).toBe(400);
    expect(((await reminder.json()) as { message: string }).message).toBe(TEXT_CHARACTERS_MESSAGE);
  });

  it('answers every route without a 5xx or a leak', async () => {
    const id = [reportId];
    const report = await fuzzRoutes({
      service: revenue.service,
      callers: { visitor: { kind: 'anonymous' }, owner, free: user(), admin: support },
      send: (caller, pathname, init) => revenue.requestAs(caller, pathname, init),
      logs: revenue.logs,
      numRuns: 40,
      contracts: {
        'POST /api/revenue-share-consent': {
          body: RevenueShareConsentRequestSchema,
          examples: [{ consentToTerms: true, termsVersion: 'v1.0', baselineNetRevenue: 250_000 }],
        },
        'POST /api/revenue-report': {
          body: RevenueReportRequestSchema,
          examples: [reportBody('2030-05-01', '2030-05-31', { gross: 900_000, expenses: 100_000 })],
        },
        'GET /api/revenue-reports': {},
        'GET /api/admin/revenue-stats': {},
        'GET /api/admin/revenue-customers': {},
        'GET /api/admin/revenue-customers.csv': {},
        'GET /api/admin/revenue-reports': {},
        'GET /api/admin/revenue-reports.csv': {},
        'POST /api/admin/verify-report/:id': { params: { id } },
        'POST /api/admin/mark-paid/:id': {
          params: { id },
          body: MarkPaidRequestSchema,
          examples: [{ amount: 1_000 }],
        },
        'POST /api/revenue-reports/:id/dispute': {
          params: { id },
          body: DisputeReportRequestSchema,
          examples: [{ reason: 'A refund was left out' }],
        },
        'POST /api/admin/revenue-reports/:id/dispute/accept': {
          params: { id },
          body: AcceptDisputeRequestSchema,
          examples: [
            { grossRevenue: 900_000, businessExpenses: 100_000, netRevenue: 800_000, note: 'Checked' },
          ],
        },
        'POST /api/admin/revenue-reports/:id/dispute/reject': {
          params: { id },
          body: RejectDisputeRequestSchema,
          examples: [{ reason: 'The figures stand' }],
        },
        'POST /api/admin/send-reminder': {
          body: SendReminderRequestSchema,
          examples: [
            { customerId: owner.userId, reminderType: 'report' },
            { customerId: owner.userId, reminderType: 'payment' },
          ],
        },
      },
    });
    expect(report.unknownContracts).toEqual([]);
    expect(report.routes.length).toBeGreaterThanOrEqual(11);
    expect(report.failures).toEqual([]);
    expect((await fetch(`${revenue.service.url}/healthz`)).status).toBe(200);
  }, 300_000);
});
