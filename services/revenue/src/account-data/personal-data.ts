/**
 * Which of revenue's tables hold a person's data (docs/decisions.md, 102–103). The plan, the reports, the
 * payments of shares, their collections and disputes are kept for the books with the name, address and
 * the owner's own words overwritten, so the ledger's totals stay as they were; the supporting documents go,
 * from storage too, and so do the reminders.
 */
import { sql } from 'drizzle-orm';
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
      table: reportDocuments,
      where: (p) =>
        sql`${reportDocuments.reportId} in (select ${revenueReports.id} from ${revenueReports} where ${revenueReports.userId} = ${p.userId})`,
      erase: 'delete',
      file: storedFileUnder('reportId'),
    },
    rowsOfUser(revenueReports, () => ({ notes: null, supportingDocuments: [] })),
    rowsOfUser(paymentPlans, (p) => ({
      email: erasedEmail(p),
      firstName: ERASED_NAME,
      lastName: ERASED_NAME,
    })),
    rowsOfUser(agreements, (p) => ({ email: erasedEmail(p), ownerName: ERASED_NAME })),
    rowsOfUser(reportDisputes, () => ({ reason: ERASED_NAME })),
    {
      table: paidOrders,
      where: (p) => sameEmail(paidOrders.email, p),
      erase: (p) => ({ email: erasedEmail(p) }),
    },
    rowsOfUser(sharePayments, 'keep'),
    rowsOfUser(shareCollections, 'keep'),
    rowsOfUser(baselineChanges, 'keep'),
    rowsOfUser(agreementDateChanges, 'keep'),
    rowsOfUser(reminders),
    rowsOfUser(cardsOnFile),
  ],
};
