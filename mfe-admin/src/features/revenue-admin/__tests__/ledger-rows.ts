/** Rows of the admin's revenue ledger as the API answers them (parsed with their contracts), for the lib tests. */
import { AdminRevenueReportSchema, RevenueCustomerSchema } from '@platform/contracts';
import type { AdminRevenueReport, RevenueCustomer } from '@platform/contracts';

let nextId = 0;

/** Marta Quintero's February 2030 report, unverified: a $1,000.00 share; each call has an id of its own. */
export function adminReport(overrides: Partial<AdminRevenueReport> = {}): AdminRevenueReport {
  nextId += 1;
  return AdminRevenueReportSchema.parse({
    id: `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    userId: 'owner-1',
    userName: 'Marta Quintero',
    userEmail: 'marta@example.com',
    reportingPeriodStart: '2030-02-01',
    reportingPeriodEnd: '2030-02-28',
    grossRevenue: 1_600_000,
    netRevenue: 1_100_000,
    businessExpenses: 500_000,
    notes: null,
    baselineNetRevenue: 100_000,
    revenueIncrease: 1_000_000,
    shareOwed: 100_000,
    sharePercentage: 10,
    amountPaid: 0,
    amountDue: 100_000,
    verified: false,
    sharePaid: false,
    status: 'submitted',
    dueDate: '2030-04-02T10:00:00.000Z',
    createdAt: '2030-03-03T10:00:00.000Z',
    verifiedAt: null,
    sharePaidAt: null,
    documents: [],
    periodFlag: null,
    ...overrides,
  });
}

/** Marta Quintero, on the plan since January 5, 2030, current. */
export function revenueCustomer(overrides: Partial<RevenueCustomer> = {}): RevenueCustomer {
  return RevenueCustomerSchema.parse({
    id: 'owner-1',
    firstName: 'Marta',
    lastName: 'Quintero',
    email: 'marta@example.com',
    planType: 'revenue_share',
    createdAt: '2030-01-05T12:00:00.000Z',
    reportsSubmitted: 1,
    totalOwed: 0,
    totalPaid: 0,
    status: 'current',
    lastReportDate: null,
    baselineNetRevenue: 0,
    implementationEndsAt: '2030-02-04T12:00:00.000Z',
    agreedAt: '2030-01-05',
    firstReportableMonth: '2030-03-01',
    missingReports: [],
    flaggedReports: 0,
    leftAt: null,
    leaveReason: null,
    ...overrides,
  });
}
