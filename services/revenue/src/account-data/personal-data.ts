/**
 * Which of revenue's tables hold a person's data (docs/decisions.md, 102–103). The plan, the reports, the
 * payments of shares, their collections and disputes are kept for the books with the name, address and
 * the owner's own words overwritten, so the ledger's totals stay as they were; the supporting documents go,
 * from storage too, and so do the reminders.
 */
import { eq, sql } from 'drizzle-orm';
import {
  ERASED_NAME,
  erasedEmail,
  sameEmail,
  type PersonalDataPlan,
  rowsOfUser,
  storedFileUnder,
} from '@platform/service-kit/personal-data';
import {
  agreementDateChanges,
  agreements,
  baselineChanges,
  cardsOnFile,
  paidOrders,
  paymentPlans,
  reminders,
  reportDisputes,
  reportDocuments,
  revenueReports,
  shareCollections,
  sharePayments,
} from '../db/schema.js';

export const revenuePersonalData: PersonalDataPlan = {
  erasedOn: 'auth.account.deleted',
  tables: [
    {
      name: 'report_documents',
      table: reportDocuments,
      where: (p) =>
        sql`${reportDocuments.reportId} in (select ${revenueReports.id} from ${revenueReports} where ${revenueReports.userId} = ${p.userId})`,
      erase: 'delete',
      file: storedFileUnder('reportId'),
    },
    {
      name: 'revenue_reports',
      table: revenueReports,
      where: (p) => eq(revenueReports.userId, p.userId),
      erase: () => ({ notes: null, supportingDocuments: [] }),
    },
    {
      name: 'payment_plans',
      table: paymentPlans,
      where: (p) => eq(paymentPlans.userId, p.userId),
      erase: (p) => ({ email: erasedEmail(p), firstName: ERASED_NAME, lastName: ERASED_NAME }),
    },
    {
      name: 'agreements',
      table: agreements,
      where: (p) => eq(agreements.userId, p.userId),
      erase: (p) => ({ email: erasedEmail(p), ownerName: ERASED_NAME }),
    },
    {
      name: 'report_disputes',
      table: reportDisputes,
      where: (p) => eq(reportDisputes.userId, p.userId),
      erase: () => ({ reason: ERASED_NAME }),
    },
    {
      name: 'paid_orders',
      table: paidOrders,
      where: (p) => sameEmail(paidOrders.email, p),
      erase: (p) => ({ email: erasedEmail(p) }),
    },
    rowsOfUser('share_payments', sharePayments, sharePayments.userId, 'keep'),
    rowsOfUser('share_collections', shareCollections, shareCollections.userId, 'keep'),
    rowsOfUser('baseline_changes', baselineChanges, baselineChanges.userId, 'keep'),
    rowsOfUser('agreement_date_changes', agreementDateChanges, agreementDateChanges.userId, 'keep'),
    rowsOfUser('reminders', reminders, reminders.userId),
    rowsOfUser('cards_on_file', cardsOnFile, cardsOnFile.userId),
  ],
};
