/**
 * Who may make each revenue call, on the real service (docs/behaviour/revenue-share.md#api-calls): every
 * route of the revenue service × the five callers (a visitor, a free account without a plan, the owner
 * whose report the call names, another owner on the plan, the admin), with the status each one gets. The
 * calls name real resources (the owner's verified report, its document, the owner as a customer), so
 * the admin's answers are the real ones and not a 404 for an unknown id.
 *
 * A free account and the admin are made afresh for every call: a consent would otherwise make either an
 * owner for the calls after it. On the owner's own calls the admin is any signed-in account: consent is
 * open to every account, and a report needs a plan (the admin here has none).
 */
import { describe, expect, it } from '@jest/globals';
import { AttachReportDocumentsResponseSchema } from '@platform/contracts';
import { listServiceRoutes, routeKey } from '@platform/service-kit/testing';
import { admin, backings, json, reportBody, user, type UserCaller, useClockedRevenue } from './harness.js';

const CALLERS = ['visitor', 'free account', 'owner', 'another owner', 'admin'] as const;
type CallerName = (typeof CALLERS)[number];
type Expected = Record<CallerName, number>;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

function pdfForm(): RequestInit {
  const body = new FormData();
  body.append('files', new Blob([PDF], { type: 'application/pdf' }), 'statement.pdf');
  return { method: 'POST', body };
}

/** One call: the path and request (made per caller, so each gets a fresh body), and who gets what. */
interface Row {
  call: string;
  path: () => string;
  init: () => RequestInit;
  expected: Expected;
}

const get = (): RequestInit => ({});
const post =
  (body: unknown = {}) =>
  (): RequestInit =>
    json(body);

/** An admin route: visitors 401, every signed-in caller but the admin 403. */
const adminOnly = (adminStatus = 200): Expected => ({
  visitor: 401,
  'free account': 403,
  owner: 403,
  'another owner': 403,
  admin: adminStatus,
});

/** Owners on the plan get their own; an account without a plan (the admin here too) has none. */
const onThePlan: Expected = {
  visitor: 401,
  'free account': 404,
  owner: 200,
  'another owner': 200,
  admin: 404,
};
/** Everyone signed in reads their own (nothing without a plan). */
const everyoneSignedIn: Expected = {
  visitor: 401,
  'free account': 200,
  owner: 200,
  'another owner': 200,
  admin: 200,
};

/** A call whose path is the one its name gives (no ids in it). */
const fixed = (call: string, init: () => RequestInit, expected: Expected): Row => ({
  call,
  path: () => call.slice(call.indexOf(' ') + 1),
  init,
  expected,
});

describe.each(backings())('who may make each revenue call on $name', (factory) => {
  let owner: UserCaller;
  let otherOwner: UserCaller;
  let reportId: string;
  let documentId: string;

  const { revenue, clock } = useClockedRevenue(factory, {}, async () => {
    owner = await revenue.ownerAgreedOn('2029-12-01', 100_000);
    otherOwner = await revenue.ownerAgreedOn('2029-12-01');
    clock.set('2030-06-15T09:30:00.000Z');
    const submitted = await revenue.submitReport(
      owner,
      reportBody('2030-02-01', '2030-02-28', { gross: 1_600_000, expenses: 500_000 }),
    );
    expect(submitted.status).toBe(200);
    reportId = (submitted.body.report as { id: string }).id;
    // Verified, so that Mark Paid and a payment reminder have a share to act on.
    const verified = await revenue.verify(reportId);
    expect(verified.status).toBe(200);
    const attached = await revenue.requestAs(owner, `/api/revenue-reports/${reportId}/documents`, pdfForm());
    expect(attached.status).toBe(200);
    documentId = AttachReportDocumentsResponseSchema.parse(await attached.json()).documents[0]!.id;
  });

  /** The caller behind each name; the free account and the admin are new ones every time. */
  function callerOf(name: CallerName): UserCaller | null {
    switch (name) {
      case 'visitor':
        return null;
      case 'free account':
        return user();
      case 'owner':
        return owner;
      case 'another owner':
        return otherOwner;
      case 'admin':
        return admin();
    }
  }

  /** Each reporting caller reports a month of their own, so an overlap never decides the answer. */
  const aprilReport = () => json(reportBody('2030-04-01', '2030-04-30'));

  const rows: Row[] = [
    {
      call: 'POST /api/revenue-share-consent',
      path: () => '/api/revenue-share-consent',
      init: post({ consentToTerms: true, termsVersion: 'v1.0' }),
      // Any signed-in account but the support admin may join (the owners again: their plan stays as it is).
      expected: { visitor: 401, 'free account': 200, owner: 200, 'another owner': 200, admin: 403 },
    },
    {
      call: 'POST /api/revenue-share/leave',
      path: () => '/api/revenue-share/leave',
      // A blank reason, so that nobody leaves here (leaving itself: plans/__tests__/leave.test.ts).
      init: post({ reason: ' ' }),
      expected: { visitor: 401, 'free account': 400, owner: 400, 'another owner': 400, admin: 400 },
    },
    {
      call: 'POST /api/revenue-report',
      path: () => '/api/revenue-report',
      init: aprilReport,
      // Only an account on the plan reports; the admin here has none.
      expected: { visitor: 401, 'free account': 403, owner: 200, 'another owner': 200, admin: 403 },
    },
    // Everyone signed in reads their own plan and reports (none without a plan).
    fixed('GET /api/revenue-reports', get, everyoneSignedIn),
    // Everyone signed in reads their own reminders (none without a plan).
    fixed('GET /api/revenue-reminders', get, everyoneSignedIn),
    // An owner reads their own statement; an account without a plan has none.
    fixed('GET /api/revenue-statements', get, onThePlan),
    {
      call: 'GET /api/revenue-statements/{file}',
      path: () => '/api/revenue-statements/2030-01.pdf',
      init: get,
      expected: onThePlan,
    },
    // An owner reads their own signed agreement; an account without a plan has none.
    fixed('GET /api/revenue-share/agreement.pdf', get, onThePlan),
    {
      call: 'POST /api/revenue-reports/{id}/documents',
      path: () => `/api/revenue-reports/${reportId}/documents`,
      init: pdfForm,
      // The report's owner only; anyone else's attempt is answered as if the report did not exist.
      expected: { visitor: 401, 'free account': 404, owner: 200, 'another owner': 404, admin: 404 },
    },
    {
      call: 'GET /api/revenue-reports/{id}/documents/{documentId}',
      path: () => `/api/revenue-reports/${reportId}/documents/${documentId}`,
      init: get,
      // The owner and the admin; to anyone else the document does not exist.
      expected: { visitor: 401, 'free account': 404, owner: 200, 'another owner': 404, admin: 200 },
    },
    fixed('GET /api/admin/revenue-stats', get, adminOnly()),
    fixed('GET /api/admin/revenue-customers', get, adminOnly()),
    fixed('GET /api/admin/revenue-customers.csv', get, adminOnly()),
    fixed('GET /api/admin/revenue-reports', get, adminOnly()),
    fixed('GET /api/admin/revenue-reports.csv', get, adminOnly()),
    {
      call: 'GET /api/admin/revenue-reports/{id}/history',
      path: () => `/api/admin/revenue-reports/${reportId}/history`,
      init: get,
      expected: adminOnly(),
    },
    fixed('GET /api/admin/revenue-audit.csv', get, adminOnly()),
    {
      call: 'POST /api/admin/verify-report/{id}',
      path: () => `/api/admin/verify-report/${reportId}`,
      init: post(),
      expected: adminOnly(),
    },
    {
      call: 'POST /api/admin/mark-paid/{id}',
      path: () => `/api/admin/mark-paid/${reportId}`,
      init: post({ amount: 100 }),
      expected: adminOnly(),
    },
    fixed(
      'POST /api/admin/send-reminder',
      () => json({ customerId: owner.userId, reminderType: 'payment' }),
      adminOnly(),
    ),
    {
      call: 'POST /api/admin/revenue-customers/{id}/baseline',
      path: () => `/api/admin/revenue-customers/${owner.userId}/baseline`,
      init: post({ baselineNetRevenue: 150_000, reason: 'The owner sent last year’s accounts' }),
      expected: adminOnly(),
    },
    {
      call: 'GET /api/admin/revenue-customers/{id}/reminders',
      path: () => `/api/admin/revenue-customers/${owner.userId}/reminders`,
      init: get,
      expected: adminOnly(),
    },
    {
      call: 'GET /api/admin/revenue-customers/{id}/statements/{file}',
      path: () => `/api/admin/revenue-customers/${owner.userId}/statements/2030-01.pdf`,
      init: get,
      expected: adminOnly(),
    },
    {
      call: 'GET /api/admin/revenue-customers/{id}/agreement.pdf',
      path: () => `/api/admin/revenue-customers/${owner.userId}/agreement.pdf`,
      init: get,
      expected: adminOnly(),
    },
    {
      call: 'GET /api/admin/revenue-customers/{id}/baseline-changes',
      path: () => `/api/admin/revenue-customers/${owner.userId}/baseline-changes`,
      init: get,
      expected: adminOnly(),
    },
    {
      call: 'POST /api/admin/revenue-customers/{id}/agreement-date',
      path: () => `/api/admin/revenue-customers/${owner.userId}/agreement-date`,
      init: post({ agreedAt: '2029-11-01', reason: 'The owner signed the paper agreement in November' }),
      expected: adminOnly(),
    },
    {
      call: 'POST /api/revenue-reports/{id}/dispute',
      path: () => `/api/revenue-reports/${reportId}/dispute`,
      init: post({ reason: 'A refund was left out' }),
      // The report's owner only (within 5 days of the verification); to anyone else it does not exist.
      expected: { visitor: 401, 'free account': 404, owner: 201, 'another owner': 404, admin: 404 },
    },
    {
      call: 'POST /api/admin/revenue-reports/{id}/dispute/accept',
      path: () => `/api/admin/revenue-reports/${reportId}/dispute/accept`,
      init: post({ grossRevenue: 1_600_000, businessExpenses: 500_000, netRevenue: 1_100_000 }),
      expected: adminOnly(),
    },
    {
      call: 'POST /api/admin/revenue-reports/{id}/dispute/reject',
      path: () => `/api/admin/revenue-reports/${reportId}/dispute/reject`,
      init: post({ reason: 'The figures stand' }),
      // Accepted just before: no dispute is open any more.
      expected: adminOnly(409),
    },
  ];

  it('lists every route the service serves, once', () => {
    const listed = rows.map((row) => row.call.replaceAll(/\{(\w+)\}/g, ':$1'));
    const served = listServiceRoutes(revenue.service)
      .filter((route) => route.path.startsWith('/api/'))
      .map(routeKey);
    expect([...listed].sort()).toEqual([...served].sort());
  });

  it.each(rows)('$call', async ({ path, init, expected }) => {
    const answers = {} as Expected;
    for (const name of CALLERS) {
      const caller = callerOf(name);
      const response = caller
        ? await revenue.requestAs(caller, path(), init())
        : await revenue.request(path(), init());
      await response.arrayBuffer();
      answers[name] = response.status;
    }
    expect(answers).toEqual(expected);
  });

  it('leaves a refused caller’s attempt without effect', async () => {
    // Of the attachments, only the owner's two (setup and the matrix) were kept.
    const mine = await revenue.requestAs(owner, '/api/revenue-reports');
    const { reports } = (await mine.json()) as { reports: Array<{ id: string; documents: unknown[] }> };
    expect(reports.find((report) => report.id === reportId)?.documents).toHaveLength(2);
    // One baseline change, by the admin.
    const changes = await revenue.requestAs(
      admin(),
      `/api/admin/revenue-customers/${owner.userId}/baseline-changes`,
    );
    expect(((await changes.json()) as unknown[]).length).toBe(1);
    // One agreement date recorded, by the admin (the setup's and the matrix's).
    const plan = await revenue.requestAs(owner, '/api/revenue-reports');
    expect(
      ((await plan.json()) as { plan: { firstReportableMonth: string } }).plan.firstReportableMonth,
    ).toBe('2029-12-01');
    // The owner's report was paid in part once: $1.00 of its share.
    const ledger = await revenue.requestAs(admin(), '/api/admin/revenue-reports');
    const report = ((await ledger.json()) as Array<{ id: string; amountPaid: number }>).find(
      (row) => row.id === reportId,
    );
    expect(report?.amountPaid).toBe(100);
  });
});
