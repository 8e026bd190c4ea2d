/** The payment service's tables, all inside its own Postgres schema `payment`. */
import { createInboxTable, createOutboxTable } from '@platform/service-kit/tables';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BillingInfo, OrderLine } from '@platform/contracts';

export const paymentSchema = pgSchema('payment');

export const outboxEvents = createOutboxTable(paymentSchema);
export const inboxEvents = createInboxTable(paymentSchema);

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The projection of `course.catalogue.published`: what each product costs right now. Every order is
 * priced from here (DECISIONS 2). A product dropped from a later catalogue stays, inactive.
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
    isActive: boolean('is_active').notNull().default(true),
    /** `publishedAt` of the catalogue event this row comes from. */
    publishedAt: at('published_at').notNull(),
  },
  (table) => [check('catalogue_products_price_nonnegative', sql`${table.price} >= 0`)],
);

/** One row: the newest catalogue applied, so an older event delivered late changes nothing. */
export const catalogueState = paymentSchema.table('catalogue_state', {
  id: integer('id').primaryKey(),
  publishedAt: at('published_at').notNull(),
  appliedAt: at('applied_at').notNull(),
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
    /** What a refund goes against (Stripe payment intent, PayPal capture, test payment). */
    providerPaymentId: text('provider_payment_id'),
    /** Lower-cased billing e-mail: the account the order is for. */
    customerEmail: text('customer_email').notNull(),
    customerFirstName: text('customer_first_name').notNull(),
    customerLastName: text('customer_last_name').notNull(),
    billingInfo: jsonb('billing_info').$type<BillingInfo>().notNull(),
    /** The signed-in user who placed it, if any (guests check out too). */
    placedByUserId: text('placed_by_user_id'),
    /** Cents. */
    total: integer('total').notNull(),
    currency: text('currency', { enum: ['USD'] })
      .notNull()
      .default('USD'),
    /** Why the order is not fulfilled although the provider said paid (e.g. the amounts differ). */
    problem: text('problem'),
    refundId: text('refund_id'),
    refundReason: text('refund_reason'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    paidAt: at('paid_at'),
    fulfilledAt: at('fulfilled_at'),
    failedAt: at('failed_at'),
    refundedAt: at('refunded_at'),
    /** The reconciliation job asks the provider about a pending order again after this time. */
    nextCheckAt: at('next_check_at'),
  },
  (table) => [
    unique('orders_provider_session_unique').on(table.provider, table.providerSessionId),
    check('orders_total_positive', sql`${table.total} > 0`),
    index('orders_created_at_idx').on(table.createdAt),
    index('orders_pending_check_idx')
      .on(table.nextCheckAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** The order's lines, copied from the catalogue projection when the order was made. */
export const orderLines = paymentSchema.table(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: text('product_id').notNull(),
    name: text('name').notNull(),
    /** Cents. */
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    courseId: integer('course_id'),
  },
  (table) => [
    unique('order_lines_order_position_unique').on(table.orderId, table.position),
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
    check('order_lines_unit_price_nonnegative', sql`${table.unitPrice} >= 0`),
  ],
);

/** Every verified provider webhook, once: a replayed event id is found here and changes nothing. */
export const providerEvents = paymentSchema.table(
  'provider_events',
  {
    provider: text('provider', { enum: PROVIDER_VALUES }).notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind', { enum: ['paid', 'failed', 'ignored'] }).notNull(),
    providerSessionId: text('provider_session_id'),
    orderId: uuid('order_id'),
    receivedAt: at('received_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/** At most one per order (the primary key): the proof that `payment.order.paid` was emitted once. */
export const fulfilments = paymentSchema.table('fulfilments', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  /** Which path got there first. */
  source: text('source', { enum: ['webhook', 'grant', 'reconciliation', 'return'] }).notNull(),
  /** The `payment.order.paid` event's id (written right after the event is enqueued). */
  eventId: uuid('event_id'),
  fulfilledAt: at('fulfilled_at').notNull(),
});

/**
 * The built-in test provider's own state (what Stripe would keep on its side): one hosted checkout
 * session per order. Only the test provider reads and writes it.
 */
export const testCheckoutSessions = paymentSchema.table('test_checkout_sessions', {
  id: text('id').primaryKey(),
  orderId: uuid('order_id').notNull(),
  status: text('status', { enum: ['open', 'paid', 'declined'] })
    .notNull()
    .default('open'),
  lines: jsonb('lines').$type<OrderLine[]>().notNull(),
  /** Cents. */
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  customerEmail: text('customer_email').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  paymentId: text('payment_id'),
  refundId: text('refund_id'),
  createdAt: at('created_at').notNull(),
  completedAt: at('completed_at'),
  refundedAt: at('refunded_at'),
});
