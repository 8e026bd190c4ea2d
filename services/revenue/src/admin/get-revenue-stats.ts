/**
 * The admin's stat cards: owners on the plan, membership subscribers and their monthly recurring revenue
 * (from the payment events' projection), what is still owed on every report and what was collected.
 */
import type { RevenueStats } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { computeMembershipFigures } from '../memberships/membership-figures.js';
import { listPlans } from '../plans/plans.repository.js';
import { amountOwedOn } from '../plans/to-plan-view.js';
import { listAllReports, sumSharePayments } from '../reports/reports.repository.js';

export async function getRevenueStats(db: Executor, now: Date): Promise<RevenueStats> {
  const [plans, reports, collected, memberships] = await Promise.all([
    listPlans(db),
    listAllReports(db),
    sumSharePayments(db),
    computeMembershipFigures(db, now),
  ]);
  return {
    totalRevenueShareCustomers: plans.length,
    totalMonthlyCustomers: memberships.subscribers,
    monthlyRecurringRevenue: memberships.monthlyRecurringRevenue,
    totalRevenueOwed: amountOwedOn(reports),
    totalRevenuePaid: collected,
  };
}
