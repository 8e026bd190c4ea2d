/**
 * How one audit entry reads in the report's history (docs/behaviour/revenue-share.md#audit-trail): who
 * ('System', 'Owner' or 'Admin'), what ('Estimate created', 'Payment recorded offline'), and each field
 * that changed, amounts in dollars.
 */
import { AUDIT_SYSTEM_ACTOR, type RevenueAuditEntry } from '@platform/contracts';
import { formatDateTime, formatMoney } from '@platform/contracts/format';

const MONEY_FIELDS = new Set([
  'grossRevenue',
  'businessExpenses',
  'netRevenue',
  'baselineNetRevenue',
  'revenueIncrease',
  'shareOwed',
  'amountPaid',
  'amount',
  'balance',
  'previousShareOwed',
]);
const DATE_FIELDS = new Set(['dueDate', 'estimateClosedAt', 'openedAt', 'resolvedAt', 'sharePaidAt']);
/** Bookkeeping every record carries; never worth a line. */
const HIDDEN_FIELDS = new Set(['id', 'reportId', 'userId', 'updatedAt', 'createdAt', 'dueSequence']);

const FIELD_NAMES: Record<string, string> = {
  grossRevenue: 'Gross',
  businessExpenses: 'Expenses',
  netRevenue: 'Net',
  baselineNetRevenue: 'Baseline',
  revenueIncrease: 'Increase',
  shareOwed: 'Share',
  amountPaid: 'Paid',
  sharePaid: 'Paid in full',
  replacedByReportId: 'Replaced by report',
  estimateClosedAt: 'Estimate closed',
  previousShareOwed: 'Share before',
  customerStatus: 'Status',
};

/** 'amountPaid' → 'Amount paid', unless it has a name of its own. */
function fieldName(key: string): string {
  const known = FIELD_NAMES[key];
  if (known) return known;
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && MONEY_FIELDS.has(key)) return formatMoney(value);
  if (typeof value === 'string' && DATE_FIELDS.has(key)) return formatDateTime(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

export function actorLabel(entry: RevenueAuditEntry): string {
  if (entry.actor === AUDIT_SYSTEM_ACTOR) return 'System';
  return entry.actor === entry.userId ? 'Owner' : 'Admin';
}

/** 'estimate' + 'created' → 'Estimate created'; 'reminder' + 'sent:payment-due' → 'Reminder sent: payment due'. */
export function changeLabel(entry: RevenueAuditEntry): string {
  const [verb = '', detail] = entry.action.split(':');
  const text = `${entry.entity} ${verb.replace(/-/g, ' ')}${detail ? `: ${detail.replace(/-/g, ' ')}` : ''}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Each field whose value differs between before and after: 'Share: $800.00 → $300.00'. */
export function changedFields(entry: RevenueAuditEntry): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  // A record made (no before) lists what it holds, not its empty fields.
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) =>
      !HIDDEN_FIELDS.has(key) &&
      JSON.stringify(before[key]) !== JSON.stringify(after[key]) &&
      (entry.before !== null || (after[key] !== null && after[key] !== undefined)),
  );
  return keys.map((key) =>
    entry.before
      ? `${fieldName(key)}: ${formatValue(key, before[key])} → ${formatValue(key, after[key])}`
      : `${fieldName(key)}: ${formatValue(key, after[key])}`,
  );
}
