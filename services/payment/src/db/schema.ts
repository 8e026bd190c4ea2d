/** The payment service's tables, all inside its own Postgres schema `payment`. */
import { timestamptz, workItemColumns } from '@platform/service-kit/columns';
import { createServiceSchema } from '@platform/service-kit/tables';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BillingInfo, OrderLine } from '@platform/contracts';

/**
 * The schema with the kit's outbox and inbox, and the periodic jobs' schedule and claims (the
 * reconciliation job).
 */
const kit = createServiceSchema('payment', { jobs: true });
export const { schema: paymentSchema, outboxEvents, inboxEvents, jobs } = kit;

export const BILLING_INTERVAL_VALUES = ['month', 'year'] as const;

/** An amount of money: cents, in the currency named beside it. */
function moneyColumns() {
  return {
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
  };
}

/**
 * The projection of `course.catalogue.published`: what each product costs right now. Every order is
 * priced from here (docs/decisions.md, 2). A product dropped from a later catalogue stays, inactive.
 */
export const catalogueProducts = paymentSchema.table(
  'catalogue_products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Cents; 0 means included with another product. */
    price: integer('price').notNull(),
    /** The course buying it gives access to, if any. */
    courseId: integer('course_id'),
    /** A recurring product (membership plan) bills every `billingIntervalCount` `billingInterval`s. */
    billingInterval: text('billing_interval', { enum: BILLING_INTERVAL_VALUES }),
    billingIntervalCount: integer('billing_interval_count'),
    isActive: boolean('is_active').notNull().default(true),
    /** `publishedAt` of the catalogue event this row comes from. */
    publishedAt: timestamptz('published_at').notNull(),
  },
  (table) => [check('catalogue_products_price_nonnegative', sql`${table.price} >= 0`)],
);

/** One row: the newest catalogue applied, so an older event delivered late changes nothing. */
export const catalogueState = paymentSchema.table('catalogue_state', {
  id: integer('id').primaryKey(),
  publishedAt: timestamptz('published_at').notNull(),
  /** The course catalogue's `version` of that event; null when it had none (sent before versions). */
  version: integer('version'),
  appliedAt: timestamptz('applied_at').notNull(),
});

export const ORDER_STATUS_VALUES = ['pending', 'paid', 'fulfilled', 'refunded', 'failed'] as const;
export const PROVIDER_VALUES = ['test', 'stripe', 'paypal'] as const;

export const orders = paymentSchema.table(
  'orders',
  {
    id: uuid('id').primaryKey(),
    status: text('status', { enum: ORDER_STATUS_VALUES }).notNull().default('pending'),
    provider: text('provider', { enum: PROVIDER_VALUES }).notNull(),
    /** Which checkout flow made it: the card (Stripe / test) or the wallet (PayPal / test). */
    method: text('method', { enum: ['card', 'wallet'] }).notNull(),
    /** The provider's checkout id (Stripe session, PayPal order, test session); set once it exists. */
    providerSessionId: text('provider_session_id'),
    /**
     * What a refund goes against (Stripe payment intent, PayPal capture, test payment); for a Stripe
     * subscription order, the first invoice (refunds go against the latest paid one).
     */
    providerPaymentId: text('provider_payment_id'),
    /** The Stripe subscription a recurring order started (`sub_…`), set when its first payment is fulfilled. */
    providerSubscriptionId: text('provider_subscription_id'),
    /** When the provider ended that subscription (cancelled, or unpaid at the end). */
    subscriptionEndedAt: timestamptz('subscription_ended_at'),
    /** The buyer cancelled the plan's renewal from their account: it ends at the period's end unless resumed. */
    subscriptionCancelAtPeriodEnd: boolean('subscription_cancel_at_period_end').notNull().default(false),
    /** Lower-cased billing e-mail: the account the order is for. */
    customerEmail: text('customer_email').notNull(),
    customerFirstName: text('customer_first_name').notNull(),
    customerLastName: text('customer_last_name').notNull(),
    /** The checkout form; null for a revenue-share order (the owner's account pays, no form). */
    billingInfo: jsonb('billing_info').$type<BillingInfo>(),
    /** The signed-in user who placed it, if any (guests check out too). */
    placedByUserId: text('placed_by_user_id'),
    /**
     * Lower-cased e-mail of the account the purchase goes to: the signed-in buyer's own, else the billing
     * e-mail. What "one per person" is counted by (owned_products); null on orders older than it.
     */
    accountEmail: text('account_email'),
    /** The revenue report a revenue-share order pays (docs/decisions.md, 28); null for purchases. */
    revenueReportId: uuid('revenue_report_id'),
    /** The provider's hosted page, kept so a second click on a share's 'Pay now' reopens the same checkout. */
    checkoutUrl: text('checkout_url'),
    /** Cents, after the coupon's discount. */
    total: integer('total').notNull(),
    /** Cents a coupon took off the lines (0 without one). */
    discount: integer('discount').notNull().default(0),
    /** The coupon the checkout named, and its code as it was then. */
    couponId: uuid('coupon_id'),
    couponCode: text('coupon_code'),
    currency: text('currency', { enum: ['USD'] })
      .notNull()
      .default('USD'),
    /** Why the order is not fulfilled although the provider said paid (e.g. the amounts differ). */
    problem: text('problem'),
    refundId: text('refund_id'),
    refundReason: text('refund_reason'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    paidAt: timestamptz('paid_at'),
    fulfilledAt: timestamptz('fulfilled_at'),
    failedAt: timestamptz('failed_at'),
    refundedAt: timestamptz('refunded_at'),
    /** The reconciliation job asks the provider about a pending order again after this time. */
    nextCheckAt: timestamptz('next_check_at'),
    /**
     * The `requestId` the checkout page sent (docs/decisions.md, 121): the same id sent again while the order
     * is pending opens this order's checkout instead of a new one.
     */
    clientRequestId: uuid('client_request_id'),
  },
  (table) => [
    unique('orders_provider_session_unique').on(table.provider, table.providerSessionId),
    unique('orders_provider_subscription_unique').on(table.provider, table.providerSubscriptionId),
    check('orders_total_positive', sql`${table.total} > 0`),
    check('orders_discount_nonnegative', sql`${table.discount} >= 0`),
    index('orders_created_at_idx').on(table.createdAt),
    index('orders_revenue_report_idx')
      .on(table.revenueReportId)
      .where(sql`${table.revenueReportId} is not null`),
    index('orders_pending_check_idx')
      .on(table.nextCheckAt)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('orders_pending_client_request_unique')
      .on(table.clientRequestId)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** The order a row belongs to; the row goes with it. */
function orderColumn() {
  return uuid('order_id').references(() => orders.id, { onDelete: 'cascade' });
}

/** The order's lines, copied from the catalogue projection when the order was made. */
export const orderLines = paymentSchema.table(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: orderColumn().notNull(),
    position: integer('position').notNull(),
    productId: text('product_id').notNull(),
    name: text('name').notNull(),
    /** Cents. */
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    courseId: integer('course_id'),
    /** Copied from the catalogue: set on a recurring product's line. */
    billingInterval: text('billing_interval', { enum: BILLING_INTERVAL_VALUES }),
    billingIntervalCount: integer('billing_interval_count'),
  },
  (table) => [
    unique('order_lines_order_position_unique').on(table.orderId, table.position),
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
    check('order_lines_unit_price_nonnegative', sql`${table.unitPrice} >= 0`),
  ],
);

export const WEBHOOK_KIND_VALUES = [
  'paid',
  'failed',
  'ignored',
  'renewal-paid',
  'subscription-ended',
  'refunded',
] as const;

/** Every verified provider webhook, once: a replayed event id is found here and changes nothing. */
export const providerEvents = paymentSchema.table(
  'provider_events',
  {
    provider: text('provider', { enum: PROVIDER_VALUES }).notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind', { enum: WEBHOOK_KIND_VALUES }).notNull(),
    providerSessionId: text('provider_session_id'),
    orderId: uuid('order_id'),
    receivedAt: timestamptz('received_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** At most one per order (the primary key): the proof that `payment.order.paid` was emitted once. */
export const fulfilments = paymentSchema.table('fulfilments', {
  orderId: orderColumn().primaryKey(),
  /** Which path got there first. */
  source: text('source', { enum: ['webhook', 'grant', 'reconciliation', 'return', 'collection'] }).notNull(),
  /** The `payment.order.paid` event's id (written right after the event is enqueued). */
  eventId: uuid('event_id'),
  fulfilledAt: timestamptz('fulfilled_at').notNull(),
});

/**
 * The invoice numbers' counter: one row, whose `last_number` a fulfilment raises in its own transaction.
 * The row stays locked until that transaction ends, so numbers are handed out one at a time, and a
 * fulfilment that rolls back gives its number back: the sequence has no gaps (docs/decisions.md, 91).
 */
export const invoiceCounter = paymentSchema.table('invoice_counter', {
  id: text('id').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** The invoice of each fulfilled order: its number, fixed when the order was fulfilled, and the date. */
export const invoices = paymentSchema.table(
  'invoices',
  {
    orderId: orderColumn().primaryKey(),
    number: integer('number').notNull(),
    issuedAt: timestamptz('issued_at').notNull(),
  },
  (table) => [unique('invoices_number_key').on(table.number)],
);

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Who owns which one-per-person product (a one-time product that costs something: the course, the
 * consultation, the programmes), claimed by the order fulfilled for it in the fulfilment's transaction. The
 * primary key lets exactly one order per account and product be fulfilled, whichever replica or webhook
 * gets there first; a later payment for it is refunded automatically. A refund releases the claim.
 */
export const ownedProducts = paymentSchema.table(
  'owned_products',
  {
    accountEmail: text('account_email').notNull(),
    productId: text('product_id').notNull(),
    orderId: orderColumn().notNull(),
    claimedAt: timestamptz('claimed_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountEmail, table.productId] }),
    index('owned_products_order_idx').on(table.orderId),
  ],
);

/**
 * The later cycles of a subscription order (Stripe `invoice.paid` after the first): one row per invoice
 * (the primary key), so a replayed or re-sent invoice is recorded once. Recorded only; it extends nothing.
 */
export const subscriptionRenewals = paymentSchema.table('subscription_renewals', {
  invoiceId: text('invoice_id').primaryKey(),
  orderId: orderColumn().notNull(),
  subscriptionId: text('subscription_id').notNull(),
  /** Collected for this cycle. */
  ...moneyColumns(),
  periodStart: timestamptz('period_start'),
  periodEnd: timestamptz('period_end'),
  paidAt: timestamptz('paid_at').notNull(),
  /** The webhook event that recorded it. */
  eventId: text('event_id').notNull(),
  receivedAt: timestamptz('received_at').notNull(),
});

/**
 * The built-in test provider's own state (what Stripe would keep on its side): one hosted checkout
 * session per order. Only the test provider reads and writes it.
 */
export const testCheckoutSessions = paymentSchema.table('test_checkout_sessions', {
  id: text('id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  /** `expired`: closed before anyone paid it (as Stripe expires a session). */
  status: text('status', { enum: ['open', 'paid', 'declined', 'expired'] })
    .notNull()
    .default('open'),
  lines: jsonb('lines').$type<OrderLine[]>().notNull(),
  ...moneyColumns(),
  customerEmail: text('customer_email').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** Where 'Decline' goes; null: the checkout's `/checkout?payment=failed`. */
  failureUrl: text('failure_url'),
  paymentId: text('payment_id'),
  refundId: text('refund_id'),
  createdAt: timestamptz('created_at').notNull(),
  completedAt: timestamptz('completed_at'),
  refundedAt: timestamptz('refunded_at'),
});

/**
 * The projection of `revenue.share.due-changed` (docs/decisions.md, 28): what each revenue report still
 * owes, as the revenue service computed it (its share less every payment recorded, offline ones included).
 * A share's checkout is priced from here, never from the browser; the highest `sequence` wins, so an
 * announcement delivered late changes nothing.
 */
export const revenueShareDues = paymentSchema.table(
  'revenue_share_dues',
  {
    reportId: uuid('report_id').primaryKey(),
    userId: text('user_id').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** Cents still owed. */
    amountDue: bigint('amount_due', { mode: 'number' }).notNull(),
    verified: boolean('verified').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    sequence: integer('sequence').notNull(),
    changedAt: timestamptz('changed_at').notNull(),
    appliedAt: timestamptz('applied_at').notNull(),
  },
  (table) => [
    index('revenue_share_dues_user_idx').on(table.userId),
    check('revenue_share_dues_amount_nonnegative', sql`${table.amountDue} >= 0`),
  ],
);

export const AUTOMATIC_REFUND_STATUS_VALUES = ['queued', 'refunded', 'failed'] as const;

/**
 * Payments the payment service refunds by itself (a work queue of the kit): the money was taken but not
 * needed. A revenue-share payment found nothing (or less than it paid) still due on its report, because
 * another payment got there first; or a purchase arrived for a one-per-person product its account already
 * owned (another checkout of it was paid first). One row per order (the primary key), so an order is refunded once however often it is refused.
 */
export const automaticRefunds = paymentSchema.table('automatic_refunds', {
  id: uuid('id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  status: text('status', { enum: AUTOMATIC_REFUND_STATUS_VALUES }).notNull().default('queued'),
  /** Who found it unneeded: this service at fulfilment, or the revenue service's refusal (and why). */
  reason: text('reason').notNull(),
  ...workItemColumns(),
  requestedAt: timestamptz('requested_at').notNull(),
  refundedAt: timestamptz('refunded_at'),
});

/**
 * Coupon codes the admin created (docs/behaviour/checkout-and-payments.md#coupons). A code is stored
 * upper-case and is unique; it takes either a percentage or an amount (cents) off the lines it applies to.
 */
export const coupons = paymentSchema.table(
  'coupons',
  {
    id: uuid('id').primaryKey(),
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    /** Cents. */
    amountOff: integer('amount_off'),
    /** The products it lowers; empty: every one-time product. */
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    /** Paid orders it may lower in all; null: no limit. */
    maxRedemptions: integer('max_redemptions'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    unique('coupons_code_unique').on(table.code),
    check('coupons_one_kind', sql`(${table.percentOff} is null) <> (${table.amountOff} is null)`),
    check('coupons_percent_range', sql`${table.percentOff} between 1 and 100`),
    check('coupons_amount_positive', sql`${table.amountOff} > 0`),
  ],
);

/**
 * One row per paid order that used a coupon (the primary key), written in the fulfilment's transaction
 * with the coupon row locked, so the limits hold across replicas and parallel payments. A refund deletes
 * it: the use is given back.
 */
export const couponRedemptions = paymentSchema.table(
  'coupon_redemptions',
  {
    orderId: orderColumn().primaryKey(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    accountEmail: text('account_email').notNull(),
    redeemedAt: timestamptz('redeemed_at').notNull(),
  },
  (table) => [index('coupon_redemptions_coupon_idx').on(table.couponId, table.accountEmail)],
);

/** The card on file and the automatic collection of revenue shares (src/saved-cards/). */
export {
  cardSetups,
  savedCardChanges,
  savedCards,
  shareCollectionCharges,
  shareCollections,
} from '../saved-cards/saved-cards.tables.js';

/** Flexible Payments' plans, instalments and their charges (src/payment-plans/). */
export { paymentPlans, planCharges, planInstalments } from '../payment-plans/payment-plans.tables.js';
