/**
 * The monthly report form's rules (docs/behaviour/revenue-share.md#monthly-revenue-report): what the
 * fields hold (money as the dollars shown, dates as `YYYY-MM-DD`), the client checks with the contracts'
 * messages, the request in cents, the live figures (net, increase, share: the server's own `computeShare`)
 * and the period the form starts with.
 */
import { z } from 'zod';
import {
  REVENUE_REPORT_MESSAGES,
  RevenueReportRequestSchema,
  computeShare,
  netRevenueOf,
} from '@platform/contracts';
import type { RevenuePlan, RevenueReportRequest, ShareFigures } from '@platform/contracts';
import { dollarInputToCents, centsToDollarInput } from './money-input';

/** The form's fields as typed; money is the grouped dollar text of the inputs. */
export type ReportFormValues = {
  reportingPeriodStart: string;
  reportingPeriodEnd: string;
  grossRevenue: string;
  businessExpenses: string;
  /** Shown, never typed: gross minus expenses (empty while gross is empty). */
  netRevenue: string;
  notes: string;
};

export type ReportFormField = keyof ReportFormValues;

export const REPORT_FORM_FIELDS: readonly ReportFormField[] = [
  'reportingPeriodStart',
  'reportingPeriodEnd',
  'grossRevenue',
  'businessExpenses',
  'netRevenue',
  'notes',
];

export const EMPTY_REPORT_FORM: ReportFormValues = {
  reportingPeriodStart: '',
  reportingPeriodEnd: '',
  grossRevenue: '',
  businessExpenses: '',
  netRevenue: '',
  notes: '',
};

const hasAmount = (text: string) => dollarInputToCents(text) !== null;

/** The form's values → the request the server validates again (cents; net recomputed, never read back). */
export function toReportRequest(values: ReportFormValues): RevenueReportRequest {
  const grossRevenue = dollarInputToCents(values.grossRevenue) ?? 0;
  const businessExpenses = dollarInputToCents(values.businessExpenses) ?? 0;
  const notes = values.notes.trim();
  return {
    reportingPeriodStart: values.reportingPeriodStart.trim(),
    reportingPeriodEnd: values.reportingPeriodEnd.trim(),
    grossRevenue,
    businessExpenses,
    netRevenue: netRevenueOf(grossRevenue, businessExpenses),
    ...(notes ? { notes } : {}),
  };
}

/**
 * Required fields first, with the words of the form ('Start date is required', …); then the request goes
 * through the contracts' own schema, so the period and amount rules match the server's exactly.
 */
export const ReportFormSchema = z
  .object({
    reportingPeriodStart: z.string().trim().min(1, REVENUE_REPORT_MESSAGES.startRequired),
    reportingPeriodEnd: z.string().trim().min(1, REVENUE_REPORT_MESSAGES.endRequired),
    grossRevenue: z.string().refine(hasAmount, REVENUE_REPORT_MESSAGES.grossRequired),
    businessExpenses: z.string(),
    netRevenue: z.string().refine(hasAmount, REVENUE_REPORT_MESSAGES.netRequired),
    notes: z.string(),
  })
  .transform(toReportRequest)
  .pipe(RevenueReportRequestSchema);

/** The net shown for what is typed: gross − expenses (0 for a loss month), '' until gross is entered. */
export function describeNetRevenue(grossText: string, expensesText: string): string {
  const gross = dollarInputToCents(grossText);
  if (gross === null) return '';
  return centsToDollarInput(netRevenueOf(gross, dollarInputToCents(expensesText) ?? 0));
}

export type LiveFigures = ShareFigures & { netRevenue: number; baselineNetRevenue: number };

/** Net, baseline, increase and share for what is typed: the calculation box and the share card. */
export function computeLiveFigures(
  values: Pick<ReportFormValues, 'grossRevenue' | 'businessExpenses'>,
  baselineNetRevenue: number,
): LiveFigures {
  const netRevenue = netRevenueOf(
    dollarInputToCents(values.grossRevenue) ?? 0,
    dollarInputToCents(values.businessExpenses) ?? 0,
  );
  return { netRevenue, baselineNetRevenue, ...computeShare({ netRevenue, baselineNetRevenue }) };
}

/** `YYYY-MM-DD` of the instant in UTC: the server's calendar. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The form's first values: the plan's next month to report when that month has ended (UTC, the server's
 * calendar); a month still running or not begun would only be refused (its last day is not over), so the
 * dates are then left for the owner.
 */
export function initialReportForm(plan: Pick<RevenuePlan, 'nextReport'> | null, now: Date): ReportFormValues {
  const next = plan?.nextReport;
  if (!next || next.periodEnd >= utcDay(now)) return EMPTY_REPORT_FORM;
  return { ...EMPTY_REPORT_FORM, reportingPeriodStart: next.periodStart, reportingPeriodEnd: next.periodEnd };
}
