/**
 * The revenue service's tables, all inside its own Postgres schema `revenue`: the owners' plans, their
 * monthly reports, the payments of shares, the reminders sent, and the projection of the membership
 * purchases the admin's stats count (fed by the payment and course services' events).
 */
import { timestamptz } from '@platform/service-kit/columns';
import { createServiceSchema, storedFileColumns } from '@platform/service-kit/tables';
import { AUDIT_ENTITY_VALUES, SHARE_COLLECTION_FAILURES, type OrderLine } from '@platform/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The schema with the kit's outbox and inbox, and the periodic jobs' schedule and claims (customer status,
 * reminders).
 */
const kit = createServiceSchema('revenue', { jobs: true });
export const { schema: revenueSchema, outboxEvents, inboxEvents, jobs } = kit;

/** Cents; bigint, as a month of a large restaurant's gross can pass 2^31 cents. */
const cents = (name: string) => bigint(name, { mode: 'number' });

export const PLAN_TYPES = ['one_time', 'monthly_subscription', 'revenue_share'] as const;
export const CUSTOMER_STATUS_VALUES = ['current', 'overdue', 'blocked'] as const;

/**
 * One revenue-share plan per owner (the reference's payment_plans, with the fields this programme uses).
 * The owner's name, e-mail and consultation status are a projection of `auth.user.status-changed`
 * (the highest `sequence` wins; for events without one, a strictly newer `changedAt`); `customer_status` is
 * the standing last announced to auth.
 */
export const paymentPlans = revenueSchema.table(
  'payment_plans',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    planType: text('plan_type', { enum: PLAN_TYPES }).notNull().default('revenue_share'),
    /** The reference's default; unused by the revenue-share programme. */
    monthlyAmount: integer('monthly_amount').notNull().default(30000),
    revenueSharePercentage: integer('revenue_share_percentage').notNull().default(10),
    /** Average monthly net revenue before the programme, cents; fixed at consent. */
    baselineNetRevenue: cents('baseline_net_revenue').notNull().default(0),
    termsVersion: text('terms_version').notNull(),
    consentedAt: timestamptz('consented_at').notNull(),
    revenueShareStartDate: timestamptz('revenue_share_start_date').notNull(),
    /** False once the owner left the programme (`left_at`, `leave_reason`; docs/decisions.md, 99). */
    revenueShareActive: boolean('revenue_share_active').notNull().default(true),
    leftAt: timestamptz('left_at'),
    leaveReason: text('leave_reason'),
    implementationPeriodStartedAt: timestamptz('implementation_period_started_at').notNull(),
    implementationPeriodEndsAt: timestamptz('implementation_period_ends_at').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    consultationStatus: text('consultation_status').notNull().default('not_started'),
    planStatus: text('plan_status'),
    /** `changedAt` of the newest `auth.user.status-changed` applied. */
    profileChangedAt: timestamptz('profile_changed_at'),
    /**
     * `sequence` of the newest numbered `auth.user.status-changed` applied (0: none, only events sent before
     * auth numbered them).
     */
    profileSequence: integer('profile_sequence').notNull().default(0),
    customerStatus: text('customer_status', { enum: CUSTOMER_STATUS_VALUES }).notNull().default('current'),
    customerStatusChangedAt: timestamptz('customer_status_changed_at'),
    /** How many times the standing changed: the `sequence` of its last announcement. */
    customerStatusSequence: integer('customer_status_sequence').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('payment_plans_user_plan_type_key').on(table.userId, table.planType),
    check('payment_plans_baseline_nonnegative', sql`${table.baselineNetRevenue} >= 0`),
    check(
      'payment_plans_customer_status_known',
      sql`${table.customerStatus} in ('current', 'overdue', 'blocked')`,
    ),
  ],
);

export type PaymentPlanRow = typeof paymentPlans.$inferSelect;

/**
 * A row of an owner's plan: the plan it belongs to (gone with it) and the owner, kept beside it so the
 * owner's rows are found without a join.
 */
function planOwnerColumns() {
  return {
    paymentPlanId: uuid('payment_plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
  };
}

/** The report a row belongs to; the row goes with it. */
function reportColumn() {
  return uuid('report_id')
    .notNull()
    .references(() => revenueReports.id, { onDelete: 'cascade' });
}

/**
 * Monthly reports. The share is the server's (docs/decisions.md, 25), computed from the net revenue and
 * the baseline kept here as it was at submission. `amount_paid` is the sum of `share_payments`, kept with
 * them in one transaction; `share_paid` once it reaches `share_owed`.
 */
export const revenueReports = revenueSchema.table(
  'revenue_reports',
  {
    id: uuid('id').primaryKey(),
    ...planOwnerColumns(),
    reportingPeriodStart: date('reporting_period_start', { mode: 'string' }).notNull(),
    reportingPeriodEnd: date('reporting_period_end', { mode: 'string' }).notNull(),
    grossRevenue: cents('gross_revenue').notNull(),
    businessExpenses: cents('business_expenses').notNull().default(0),
    netRevenue: cents('net_revenue').notNull(),
    baselineNetRevenue: cents('baseline_net_revenue').notNull(),
    revenueIncrease: cents('revenue_increase').notNull(),
    shareOwed: cents('share_owed').notNull(),
    sharePercentage: integer('share_percentage').notNull().default(10),
    amountPaid: cents('amount_paid').notNull().default(0),
    sharePaid: boolean('share_paid').notNull().default(false),
    sharePaidAt: timestamptz('share_paid_at'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    /** Reserved for the supporting documents (object keys); none are taken yet. */
    supportingDocuments: jsonb('supporting_documents').$type<string[]>().notNull().default([]),
    notes: text('notes'),
    verified: boolean('verified').notNull().default(false),
    verifiedAt: timestamptz('verified_at'),
    adminNotes: text('admin_notes'),
    /** Submission + 30 days. */
    dueDate: timestamptz('due_date').notNull(),
    /**
     * How often what the report owes (or whether it is verified) was announced
     * (`revenue.share.due-changed`): the `sequence` of the last announcement.
     */
    dueSequence: integer('due_sequence').notNull().default(0),
    /**
     * An estimate the `estimate-missing-reports` job made for a month without a report (docs/decisions.md,
     * 104), not the owner's figures. Closed (`estimate_closed_at`, `replaced_by_report_id`) once the real
     * report arrives.
     */
    estimated: boolean('estimated').notNull().default(false),
    estimateClosedAt: timestamptz('estimate_closed_at'),
    replacedByReportId: uuid('replaced_by_report_id'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('revenue_reports_user_period_key')
      .on(table.userId, table.reportingPeriodStart, table.reportingPeriodEnd)
      .where(sql`${table.estimated} = false`),
    // One estimate per owner and period, whatever the number of replicas making it.
    uniqueIndex('revenue_reports_estimate_period_key')
      .on(table.userId, table.reportingPeriodStart, table.reportingPeriodEnd)
      .where(sql`${table.estimated} = true`),
    index('revenue_reports_plan_idx').on(table.paymentPlanId),
    check(
      'revenue_reports_period_ordered',
      sql`${table.reportingPeriodEnd} >= ${table.reportingPeriodStart}`,
    ),
    check(
      'revenue_reports_paid_within_share',
      sql`${table.amountPaid} >= 0 and ${table.amountPaid} <= ${table.shareOwed}`,
    ),
  ],
);

export type RevenueReportRow = typeof revenueReports.$inferSelect;

/**
 * The supporting documents an owner attached to a report (docs/behaviour/revenue-share.md#supporting-documents).
 * The file is in the object store under `object_key`; its type was decided from its bytes.
 */
export const reportDocuments = revenueSchema.table(
  'report_documents',
  {
    id: uuid('id').primaryKey(),
    reportId: reportColumn(),
    objectKey: text('object_key').notNull(),
    ...storedFileColumns(),
    /** The id the browser gave the file (`UPLOAD_FILE_ID_FIELD`): sent again, it is recorded once. */
    clientFileId: text('client_file_id'),
    uploadedAt: timestamptz('uploaded_at').notNull(),
  },
  (table) => [
    index('report_documents_report_idx').on(table.reportId, table.uploadedAt),
    uniqueIndex('report_documents_object_key_key').on(table.objectKey),
    uniqueIndex('report_documents_client_file_key').on(table.reportId, table.clientFileId),
  ],
);

export type ReportDocumentRow = typeof reportDocuments.$inferSelect;

/**
 * Every correction of an owner's baseline (docs/decisions.md, 25): the baseline is fixed at consent, only
 * the admin corrects it, and each change is kept here with its reason. Reports keep the baseline they were
 * computed with, so a correction changes only the reports submitted after it.
 */
export const baselineChanges = revenueSchema.table(
  'baseline_changes',
  {
    id: uuid('id').primaryKey(),
    ...planOwnerColumns(),
    oldBaselineNetRevenue: cents('old_baseline_net_revenue').notNull(),
    newBaselineNetRevenue: cents('new_baseline_net_revenue').notNull(),
    reason: text('reason').notNull(),
    /** The admin who made the change. */
    changedBy: text('changed_by').notNull(),
    changedAt: timestamptz('changed_at').notNull(),
  },
  (table) => [
    index('baseline_changes_plan_idx').on(table.paymentPlanId, table.changedAt),
    check(
      'baseline_changes_nonnegative',
      sql`${table.oldBaselineNetRevenue} >= 0 and ${table.newBaselineNetRevenue} >= 0`,
    ),
  ],
);

export type BaselineChangeRow = typeof baselineChanges.$inferSelect;

/**
 * Every agreement date the admin recorded (docs/decisions.md, 66), for owners who were on the programme
 * before the platform existed: the plan's implementation period then starts on `new_agreed_at`, and the
 * months to report follow from it. Kept with who changed it, when and why.
 */
export const agreementDateChanges = revenueSchema.table(
  'agreement_date_changes',
  {
    id: uuid('id').primaryKey(),
    ...planOwnerColumns(),
    /** When the implementation period started before the change (the consent, or an earlier record). */
    oldStartedAt: timestamptz('old_started_at').notNull(),
    newAgreedAt: date('new_agreed_at', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    /** The admin who recorded it. */
    changedBy: text('changed_by').notNull(),
    changedAt: timestamptz('changed_at').notNull(),
  },
  (table) => [index('agreement_date_changes_plan_idx').on(table.paymentPlanId, table.changedAt)],
);

export type AgreementDateChangeRow = typeof agreementDateChanges.$inferSelect;

/**
 * The agreement as the owner signed it (docs/decisions.md, 111): the terms version, the baseline and the
 * dates recorded at consent, never changed by a later correction of the baseline or the agreement date.
 * The owner's name is filled in once, when auth first names the owner after the consent (`issued_at`,
 * when the agreement e-mail was asked for); the PDF is drawn from this row each time it is read.
 */
export const agreements = revenueSchema.table(
  'agreements',
  {
    paymentPlanId: uuid('payment_plan_id')
      .primaryKey()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    termsVersion: text('terms_version').notNull(),
    email: text('email').notNull(),
    /** Null until auth named the owner; '' when the account has no name. */
    ownerName: text('owner_name'),
    revenueSharePercentage: integer('revenue_share_percentage').notNull(),
    baselineNetRevenue: cents('baseline_net_revenue').notNull(),
    consentedAt: timestamptz('consented_at').notNull(),
    implementationEndsAt: timestamptz('implementation_ends_at').notNull(),
    issuedAt: timestamptz('issued_at'),
  },
  (table) => [
    uniqueIndex('agreements_user_key').on(table.userId),
    check('agreements_baseline_nonnegative', sql`${table.baselineNetRevenue} >= 0`),
  ],
);

export type AgreementRow = typeof agreements.$inferSelect;

export const SHARE_PAYMENT_METHODS = ['offline', 'online', 'credit'] as const;

/**
 * Each payment of a share: the admin's Mark Paid (offline), a paid checkout (online), or the owner's credit
 * applied (`credit`: money already counted where it was paid, so never counted as collected again).
 */
export const sharePayments = revenueSchema.table(
  'share_payments',
  {
    id: uuid('id').primaryKey(),
    reportId: reportColumn(),
    userId: text('user_id').notNull(),
    amount: cents('amount').notNull(),
    method: text('method', { enum: SHARE_PAYMENT_METHODS }).notNull(),
    /** The admin who recorded it (offline). */
    recordedBy: text('recorded_by'),
    /** The checkout's order (online); one payment per order. */
    orderId: uuid('order_id'),
    paidAt: timestamptz('paid_at').notNull(),
  },
  (table) => [
    index('share_payments_report_idx').on(table.reportId),
    uniqueIndex('share_payments_order_key').on(table.orderId),
    check('share_payments_amount_positive', sql`${table.amount} > 0`),
  ],
);

export const REMINDER_TRIGGERS = ['automatic', 'admin'] as const;

/**
 * Every reminder requested. An automatic one is unique per owner, kind, period (`period_key`: the month
 * `YYYY-MM`, the report id, or '' for the consultation nudges) and rung (`step`), so two replicas running
 * the job at once send it once; the admin's are all kept.
 */
export const reminders = revenueSchema.table(
  'reminders',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id').notNull(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    periodKey: text('period_key').notNull().default(''),
    /** The rung of the ladder: days from the month's end or the share's due date (0 for the nudges). */
    step: integer('step').notNull().default(0),
    trigger: text('trigger', { enum: REMINDER_TRIGGERS }).notNull(),
    /** The admin who sent it. */
    requestedBy: text('requested_by'),
    requestedAt: timestamptz('requested_at').notNull(),
  },
  (table) => [
    uniqueIndex('reminders_automatic_once_key')
      .on(table.userId, table.kind, table.periodKey, table.step)
      .where(sql`${table.trigger} = 'automatic'`),
    index('reminders_user_idx').on(table.userId),
  ],
);

export const BILLING_INTERVAL_VALUES = ['month', 'year'] as const;

/**
 * The projection of `course.catalogue.published` the stats need: which products are membership plans
 * (they bill every `interval_count` `interval`s). The newest catalogue replaces the rows.
 */
export const membershipProducts = revenueSchema.table('membership_products', {
  productId: text('product_id').primaryKey(),
  billingInterval: text('billing_interval', { enum: BILLING_INTERVAL_VALUES }).notNull(),
  billingIntervalCount: integer('billing_interval_count').notNull(),
  publishedAt: timestamptz('published_at').notNull(),
});

/** One row: the newest catalogue applied, so an older one delivered late changes nothing. */
export const catalogueState = revenueSchema.table('catalogue_state', {
  id: integer('id').primaryKey(),
  publishedAt: timestamptz('published_at').notNull(),
  /** The course catalogue's version of the one applied (null: it carried none). */
  version: integer('version'),
});

/**
 * Every paid order as `payment.order.paid` told it (its lines say whether it bought a membership plan),
 * ended by `payment.subscription.ended` or `payment.order.refunded`. An end that overtook its payment
 * leaves a row without `paid_at`, which never counts.
 */
export const paidOrders = revenueSchema.table(
  'paid_orders',
  {
    orderId: uuid('order_id').primaryKey(),
    email: text('email'),
    provider: text('provider'),
    lines: jsonb('lines').$type<OrderLine[]>().notNull().default([]),
    paidAt: timestamptz('paid_at'),
    refundedAt: timestamptz('refunded_at'),
    endedAt: timestamptz('ended_at'),
  },
  (table) => [index('paid_orders_paid_at_idx').on(table.paidAt)],
);

/** The payment service's answers that took no money. */
export const SHARE_COLLECTION_FAILURE_VALUES = SHARE_COLLECTION_FAILURES;

/**
 * Each automatic collection attempt of a verified share from the card on file (docs/decisions.md, 89):
 * unique per report and attempt, so replicas racing the same due date ask once. `failure` and `paidAt` are
 * null while the payment service has not answered; `paidAt` is set when the charge succeeded (its payment,
 * an online `share_payments` row, names the attempt); a failure says why ('not-needed': it took nothing in the end, its charge
 * refunded automatically or nothing due when it came; 'refunded': the admin refunded its charge).
 */
export const shareCollections = revenueSchema.table(
  'share_collections',
  {
    id: uuid('id').primaryKey(),
    reportId: reportColumn(),
    userId: text('user_id').notNull(),
    /** 1 on the due date, then the retries (+3, +7, +14 days). */
    attempt: integer('attempt').notNull(),
    /** Cents still owed when it was asked for. */
    amount: cents('amount').notNull(),
    requestedAt: timestamptz('requested_at').notNull(),
    failure: text('failure', { enum: SHARE_COLLECTION_FAILURE_VALUES }),
    failureMessage: text('failure_message'),
    failedAt: timestamptz('failed_at'),
    /** When the payment its charge made was recorded: its answer when the charge succeeded. */
    paidAt: timestamptz('paid_at'),
  },
  (table) => [uniqueIndex('share_collections_report_attempt_key').on(table.reportId, table.attempt)],
);

export type ShareCollectionRow = typeof shareCollections.$inferSelect;

/**
 * Whether the owner has a card on file, and which (docs/decisions.md, 112): a projection of the payment
 * service's `payment.saved-card.changed`, one row per owner, kept after the card is removed (`last4` null)
 * so a late "saved" with a lower `sequence` cannot bring it back. The reminder ladder announces the charge
 * to this card instead of asking for payment by link.
 */
export const cardsOnFile = revenueSchema.table('cards_on_file', {
  userId: text('user_id').primaryKey(),
  /** Null while no card is on file. */
  brand: text('brand'),
  last4: text('last4'),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  /** The payment service's count of the owner's card changes: the highest wins. */
  sequence: integer('sequence').notNull(),
  changedAt: timestamptz('changed_at').notNull(),
});

export type CardOnFileRow = typeof cardsOnFile.$inferSelect;

export const DISPUTE_STATUS_VALUES = ['open', 'accepted', 'rejected'] as const;

/**
 * An owner's dispute of a verified report's share (docs/behaviour/revenue-share.md#disputes): at most one
 * per report (the unique index decides, so two requests at once open one). While `open`, the report's
 * payment reminders and its automatic collection wait; the admin accepts it (the report takes corrected
 * figures, the figures it had are kept here) or rejects it with a reason.
 */
export const reportDisputes = revenueSchema.table(
  'report_disputes',
  {
    id: uuid('id').primaryKey(),
    reportId: reportColumn(),
    userId: text('user_id').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: DISPUTE_STATUS_VALUES }).notNull().default('open'),
    openedAt: timestamptz('opened_at').notNull(),
    /** The admin's reason (rejected) or note (accepted). */
    resolution: text('resolution'),
    /** The share the report owed when the dispute was resolved, cents. */
    previousShareOwed: cents('previous_share_owed'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamptz('resolved_at'),
  },
  (table) => [
    uniqueIndex('report_disputes_report_key').on(table.reportId),
    index('report_disputes_user_idx').on(table.userId),
    check('report_disputes_status_known', sql`${table.status} in ('open', 'accepted', 'rejected')`),
  ],
);

export type ReportDisputeRow = typeof reportDisputes.$inferSelect;

export const SHARE_CREDIT_KINDS = ['estimate-closed', 'applied', 'refunded', 'unapplied'] as const;

/**
 * The owner's credit (docs/decisions.md, 104): what was paid on an estimate becomes credit when the real
 * report closes it (`estimate-closed`, positive), and credit pays the owner's shares (`applied`, negative,
 * with a `credit` row of `share_payments`); a refund of a payment made on an estimate already closed takes
 * its credit back (`refunded`, negative), and when that leaves the balance below zero, the shares the
 * credit paid last are owed again (`unapplied`, positive, their `credit` payments taken back) until it is
 * zero. The balance is the sum.
 */
export const shareCredits = revenueSchema.table(
  'share_credits',
  {
    id: uuid('id').primaryKey(),
    ...planOwnerColumns(),
    kind: text('kind', { enum: SHARE_CREDIT_KINDS }).notNull(),
    /** Cents: positive when earned, negative when applied. */
    amount: cents('amount').notNull(),
    /** The closed estimate (earned) or the report paid with it (applied). */
    reportId: uuid('report_id').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('share_credits_plan_idx').on(table.paymentPlanId),
    check('share_credits_amount_nonzero', sql`${table.amount} <> 0`),
  ],
);

export const AUDIT_ENTITIES = AUDIT_ENTITY_VALUES;

/**
 * The audit trail (docs/decisions.md, 105): one row per change of a plan, baseline, report, estimate,
 * dispute, payment, reminder, collection attempt or credit, written by `recordAudit` in the transaction of
 * the change. Append-only: a trigger refuses UPDATE and DELETE.
 */
export const auditEntries = revenueSchema.table(
  'audit_entries',
  {
    id: uuid('id').primaryKey(),
    /** Insertion order, for entries of the same instant. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    entity: text('entity', { enum: AUDIT_ENTITIES }).notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    /** The report it belongs to, when it belongs to one (its history). */
    reportId: uuid('report_id'),
    /** The owner concerned. */
    userId: text('user_id').notNull(),
    /** Who: a user id, or `system` for the jobs and other services' events. */
    actor: text('actor').notNull(),
    at: timestamptz('at').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason'),
  },
  (table) => [
    index('audit_entries_report_idx').on(table.reportId, table.seq),
    index('audit_entries_user_idx').on(table.userId, table.seq),
  ],
);

export type AuditEntryRow = typeof auditEntries.$inferSelect;
