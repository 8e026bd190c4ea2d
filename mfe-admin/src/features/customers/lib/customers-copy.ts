/** The admin's customers pages' words (docs/behaviour/admin.md#customers). */
import type { AdminCustomer, CustomerAccessAction } from '@platform/contracts';
import type { ReasonCopy } from '../../learners/components/reason-dialog';

export const CUSTOMERS_COPY = {
  title: 'Customers',
  description: 'Buyers and members: find one by name or e-mail, see what they own and where they are.',
  searchLabel: 'Search customers',
  searchPlaceholder: 'Name or e-mail',
  loading: 'Loading customers…',
  failed: 'Customers could not be loaded',
  retry: 'Retry',
  empty: 'No customers yet',
  emptyHint: 'Customers appear here once they sign up or buy.',
  noMatch: 'No customer matches',
  noMatchHint: 'Try part of the name or the e-mail address.',
  previous: 'Previous',
  next: 'Next',
  unnamed: 'No name given',
  owns: 'Owns',
  ownsNothing: 'Nothing yet',
  plan: 'Plan',
  progress: 'Progress',
  lastActivity: 'Last activity',
  never: 'Never',
  standing: 'Revenue share',
  notOnPlan: 'Not on the plan',
  open: 'Open',
} as const;

export const CUSTOMER_COPY = {
  loading: 'Loading the customer…',
  failed: 'The customer could not be loaded',
  back: 'All customers',
  details: 'Account',
  joined: 'Joined',
  lastSignIn: 'Last sign-in',
  courses: 'Courses',
  noAccess: 'No access',
  stuckAt: 'Next lesson',
  finished: 'Finished',
  accessHistory: 'Access history',
  noHistory: 'No access changes yet.',
  orders: 'Orders',
  noOrders: 'No paid orders.',
  ordersFailed: 'Orders could not be loaded',
  sentTitle: 'Sent',
  failedTitle: 'Error',
} as const;

/** The account's and the orders' one-sentence actions: the button, while it runs, and a failure's words. */
export const NOTICE_COPY = {
  setPassword: {
    label: 'Send set-password link',
    busy: 'Sending...',
    failed: 'The link could not be sent',
  },
  resendReceipt: { label: 'Resend receipt', busy: 'Sending...', failed: 'The receipt could not be sent' },
} as const;

export const REFUND_COPY: ReasonCopy = {
  button: 'Refund',
  title: 'Refund this order?',
  text: 'The money goes back through the provider, and what the order gave is taken back.',
  submit: 'Refund',
  busy: 'Refunding...',
  done: 'The order is refunded.',
  failed: 'The order could not be refunded',
};

export function planLabel(customer: Pick<AdminCustomer, 'isMember' | 'planStatus'>): string {
  if (customer.planStatus === 'rs_active') return 'Revenue share';
  if (customer.planStatus === 'rs_pending') return 'Revenue share (pending)';
  return customer.isMember ? 'Member' : 'No plan';
}

export const ACCESS_COPY: Record<CustomerAccessAction, ReasonCopy & { logged: string }> = {
  grant: {
    button: 'Grant access',
    title: 'Grant this course?',
    text: 'The course opens for this customer now, as if they had bought it.',
    submit: 'Grant access',
    busy: 'Granting...',
    done: 'The customer has the course.',
    failed: 'Access could not be granted',
    logged: 'Granted',
  },
  revoke: {
    button: 'Revoke access',
    title: 'Revoke this course?',
    text: 'The customer loses the course now. What they completed is kept if access is granted again.',
    submit: 'Revoke access',
    busy: 'Revoking...',
    done: 'The customer no longer has the course.',
    failed: 'Access could not be revoked',
    logged: 'Revoked',
  },
};

export function sectionsDone(done: number, total: number): string {
  return `${done} of ${total} sections`;
}
