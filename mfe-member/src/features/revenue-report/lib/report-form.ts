/**
 * The monthly report form's rules (docs/behaviour/revenue-share.md#monthly-revenue-report): what the
 * fields hold (money as typed, dates as `YYYY-MM-DD`), the client checks with the contracts'
 * messages, the request in cents, the live figures (net, increase, share: the server's own `computeShare`)
 * and the period the form starts with.
 */
import { z } from 'zod';
import {
  MAX_REVENUE_CENTS,
  REVENUE_REPORT_MESSAGES,
  RevenueReportRequestSchema,
  computeShare,
  moneyTextField,
  netRevenueOf,
} from '@platform/contracts';
import type {
  RevenuePlan,
  RevenueReport,
  RevenueReportRequest,
  RevenueReportRequestParsed,
  ShareFigures,
} from '@platform/contracts';
import { formatMoneyInput, parseMoneyInput } from '@platform/contracts/format';
import type { MoneyInputRules } from '@platform/contracts/format';

/** The form's fields as typed; money is the text of the money inputs, read by the one parser. */
export type ReportFormValues = {
  reportingPeriodStart: string;
  reportingPeriodEnd: string;
  grossRevenue: string;
  businessExpenses: string;
  /** Shown, never typed: gross minus expenses (empty while gross is empty or unreadable). */
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

/** How each typed amount is read (docs/behaviour/revenue-share.md#monthly-revenue-report). */
export const MONEY_RULES = {
  grossRevenue: {
    max: MAX_REVENUE_CENTS,
    messages: {
      required: REVENUE_REPORT_MESSAGES.grossRequired,
      negative: REVENUE_REPORT_MESSAGES.grossPositive,
      tooLarge: REVENUE_REPORT_MESSAGES.grossTooLarge,
    },
  },
  businessExpenses: {
    emptyAs: 0,
    max: MAX_REVENUE_CENTS,
    messages: {
      negative: REVENUE_REPORT_MESSAGES.expensesPositive,
      tooLarge: REVENUE_REPORT_MESSAGES.expensesTooLarge,
    },
  },
} as const satisfies Record<'grossRevenue' | 'businessExpenses', MoneyInputRules>;

/** The cents of what is typed, or null while it is empty (gross) or cannot be read. */
function readCents(name: keyof typeof MONEY_RULES, text: string): number | null {
  if (name === 'grossRevenue' && text.trim() === '') return null;
  const read = parseMoneyInput(text, MONEY_RULES[name]);
  return read.ok ? read.cents : null;
}

type ReadReportForm = Omit<ReportFormValues, 'grossRevenue' | 'businessExpenses' | 'netRevenue'> & {
  grossRevenue: number;
  businessExpenses: number;
};

/** The form's values, amounts read into cents → the request the server validates again (net recomputed). */
export function toReportRequest(values: ReadReportForm): RevenueReportRequest {
  const notes = values.notes.trim();
  return {
    reportingPeriodStart: values.reportingPeriodStart.trim(),
    reportingPeriodEnd: values.reportingPeriodEnd.trim(),
    grossRevenue: values.grossRevenue,
    businessExpenses: values.businessExpenses,
    netRevenue: netRevenueOf(values.grossRevenue, values.businessExpenses),
    ...(notes ? { notes } : {}),
  };
}

/**
 * Required fields first, with the words of the form ('Start date is required', …), the amounts read by the
 * one parser; then the request goes through the contracts' own schema, so the period and amount rules
 * match the server's exactly. The net shown is never read back: a stale one cannot disagree with the
 * server.
 */
export const ReportFormSchema = z
  .object({
    reportingPeriodStart: z.string().trim().min(1, REVENUE_REPORT_MESSAGES.startRequired),
    reportingPeriodEnd: z.string().trim().min(1, REVENUE_REPORT_MESSAGES.endRequired),
    grossRevenue: moneyTextField(MONEY_RULES.grossRevenue),
    businessExpenses: moneyTextField(MONEY_RULES.businessExpenses),
    netRevenue: z.string().trim().min(1, REVENUE_REPORT_MESSAGES.netRequired),
    notes: z.string(),
  })
  .transform(toReportRequest)
  .pipe(RevenueReportRequestSchema);

/** The net shown for what is typed: gross − expenses (0 for a loss month), '' until both can be read. */
export function describeNetRevenue(grossText: string, expensesText: string): string {
  const gross = readCents('grossRevenue', grossText);
  const expenses = readCents('businessExpenses', expensesText);
  if (gross === null || expenses === null) return '';
  return formatMoneyInput(netRevenueOf(gross, expenses));
}

export type LiveFigures = ShareFigures & { netRevenue: number; baselineNetRevenue: number };

/**
 * Net, baseline, increase and share for what is typed, to the cent: the calculation box and the share card.
 * An amount that cannot be read counts as nothing until it is corrected.
 */
export function computeLiveFigures(
  values: Pick<ReportFormValues, 'grossRevenue' | 'businessExpenses'>,
  baselineNetRevenue: number,
): LiveFigures {
  const gross = readCents('grossRevenue', values.grossRevenue);
  const expenses = readCents('businessExpenses', values.businessExpenses);
  const netRevenue = gross === null || expenses === null ? 0 : netRevenueOf(gross, expenses);
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

/** What tells a report on file is the one a request would make: its period and figures. */
type ReportFigures = Pick<
  RevenueReportRequestParsed,
  'reportingPeriodStart' | 'reportingPeriodEnd' | 'grossRevenue' | 'businessExpenses' | 'netRevenue'
>;

/**
 * The owner's report that `request` would make, already on file (the same period and figures; never an
 * estimate). When the answer to a report is lost on poor Wi-Fi the server may have recorded it, and a
 * second press is refused as a period already reported: finding it in the history is the page's proof that
 * the report went in.
 */
export function findSameReport<Report extends ReportFigures & Pick<RevenueReport, 'estimated'>>(
  reports: readonly Report[],
  request: ReportFigures,
): Report | null {
  return (
    reports.find(
      (report) =>
        !report.estimated &&
        report.reportingPeriodStart === request.reportingPeriodStart &&
        report.reportingPeriodEnd === request.reportingPeriodEnd &&
        report.grossRevenue === request.grossRevenue &&
        report.businessExpenses === request.businessExpenses &&
        report.netRevenue === request.netRevenue,
    ) ?? null
  );
}
