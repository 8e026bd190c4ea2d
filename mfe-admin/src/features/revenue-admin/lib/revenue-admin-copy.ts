/**
 * The fixed words of /revenue-admin (docs/behaviour/revenue-share.md#admin-revenue-dashboard). The toasts
 * and empty states the server shares are `REVENUE_ADMIN_MESSAGES` in the contracts.
 */
import type { CustomerStatus, ReportStatus } from '@platform/contracts';
import type { BadgeProps } from '@platform/ui';

export const PAGE_TITLE = 'Revenue Management';

export const TAB_LABELS = {
  pending: 'Pending Reports',
  unpaid: 'Unpaid Revenue',
  customers: 'All Customers',
  overdue: 'Overdue',
  flagged: 'Flagged Reports',
} as const;
export type RevenueTab = keyof typeof TAB_LABELS;

export const STAT_LABELS = {
  customers: 'Revenue Share Customers',
  subscribers: 'Monthly Subscribers',
  pending: 'Pending Reports',
  outstanding: 'Outstanding Revenue',
} as const;

export const ACTION_LABELS = {
  verify: 'Verify',
  verifying: 'Verifying...',
  markPaid: 'Mark Paid',
  recording: 'Recording...',
  sendReminder: 'Send Reminder',
  sending: 'Sending...',
  correctBaseline: 'Correct baseline',
  agreementDate: 'Agreement date',
  saving: 'Saving...',
} as const;

/** Correct baseline with the amount left empty (0 is typed as 0). */
export const BASELINE_REQUIRED = 'Please enter the new baseline in dollars';

/** 'Flagged Reports' with nothing in it. */
export const NO_FLAGGED_REPORTS = 'No report covers a month outside the months to report';

export const LOAD_FAILED = 'Failed to load the revenue ledger';

type BadgeVariant = NonNullable<BadgeProps['variant']>;

export const REPORT_STATUS: Record<ReportStatus, { label: string; variant: BadgeVariant }> = {
  submitted: { label: 'Submitted', variant: 'secondary' },
  verified: { label: 'Verified', variant: 'default' },
  paid: { label: 'Paid', variant: 'success' },
  overdue: { label: 'Overdue', variant: 'destructive' },
};

export const CUSTOMER_STATUS: Record<CustomerStatus, { label: string; variant: BadgeVariant }> = {
  current: { label: 'Current', variant: 'success' },
  overdue: { label: 'Overdue', variant: 'warning' },
  blocked: { label: 'Blocked', variant: 'destructive' },
};

export const REMINDER_LABELS = {
  report: 'Revenue report reminder',
  payment: 'Payment reminder',
} as const;

/** A report's dispute in the ledger (docs/behaviour/revenue-share.md#disputes). */
export const DISPUTE_COPY = {
  resolve: 'Resolve dispute',
  acceptedTitle: 'Dispute accepted',
  rejectedTitle: 'Dispute rejected',
  failed: 'The dispute could not be resolved. Please try again.',
} as const;

export const DISPUTE_BADGE: Record<
  'open' | 'accepted' | 'rejected',
  { label: string; variant: BadgeVariant }
> = {
  open: { label: 'Disputed', variant: 'warning' },
  accepted: { label: 'Dispute accepted', variant: 'secondary' },
  rejected: { label: 'Dispute rejected', variant: 'secondary' },
};
