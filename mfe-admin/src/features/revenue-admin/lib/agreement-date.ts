/**
 * The admin's agreement date (docs/decisions.md, 66; docs/behaviour/revenue-share.md#recording-an-agreement-date):
 * the form's rules, the contracts' own plus "not in the future" by the server's calendar (UTC), and how a
 * customer's agreement and first month to report read on the ledger.
 */
import { REVENUE_ADMIN_MESSAGES, SetAgreementDateRequestSchema, monthName } from '@platform/contracts';
import type { RevenueCustomer } from '@platform/contracts';
import type { z } from 'zod';

/** `YYYY-MM-DD` of the instant in UTC: the server's calendar. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function agreementDateFormSchema(today: string) {
  return SetAgreementDateRequestSchema.extend({
    agreedAt: SetAgreementDateRequestSchema.shape.agreedAt.refine(
      (day) => day <= today,
      REVENUE_ADMIN_MESSAGES.agreedAtInFuture,
    ),
  });
}
export type AgreementDateFormValues = z.input<ReturnType<typeof agreementDateFormSchema>>;
export type AgreementDateFormOutput = z.output<ReturnType<typeof agreementDateFormSchema>>;

/** 'Reports from Jan 2027': the first month the owner reports. */
export function firstMonthLabel(customer: Pick<RevenueCustomer, 'firstReportableMonth'>): string {
  return `Reports from ${monthName(customer.firstReportableMonth)}`;
}

/** Whether the admin recorded an agreement date other than the day of the consent. */
export function agreedBeforeConsent(customer: Pick<RevenueCustomer, 'agreedAt' | 'createdAt'>): boolean {
  return customer.agreedAt !== utcDay(new Date(customer.createdAt));
}

/** '2 flagged reports' / '1 flagged report'. */
export function flaggedReportsLabel(count: number): string {
  return `${count} flagged ${count === 1 ? 'report' : 'reports'}`;
}
