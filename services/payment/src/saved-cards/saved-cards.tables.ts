/**
 * The saved-cards module's tables (re-exported by db/schema.ts so drizzle-kit sees them): the owner's card
 * on file, the setups that lead to it, and each automatic collection attempt charged against it.
 */
import { timestamptz, workItemColumns } from '@platform/service-kit/columns';
import { index, integer, jsonb, pgSchema, text, uuid } from 'drizzle-orm/pg-core';
import type { PendingCharge } from './pending-charge.js';

const paymentSchema = pgSchema('payment');

export const SAVED_CARD_PROVIDERS = ['stripe', 'test'] as const;

/** One card on file per account; a new one replaces it, removing it deletes the row. */
export const savedCards = paymentSchema.table('saved_cards', {
  userId: text('user_id').primaryKey(),
  /** The account's e-mail when the card was saved: the collection orders' customer. */
  email: text('email').notNull(),
  /** The owner's name for the collection orders ('' when the account has none). */
  name: text('name').notNull().default(''),
  provider: text('provider', { enum: SAVED_CARD_PROVIDERS }).notNull(),
  /** Stripe's customer the payment method is attached to; null with the test provider. */
  providerCustomerId: text('provider_customer_id'),
  /** Stripe's `pm_…`; the test provider's `test_pm_<behaviour>_<random>`. */
  providerPaymentMethodId: text('provider_payment_method_id').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  savedAt: timestamptz('saved_at').notNull(),
});
export type SavedCardRow = typeof savedCards.$inferSelect;

/**
 * Each owner's count of card changes (saved, replaced, removed): the `sequence` of
 * `payment.saved-card.changed`, taken in the change's transaction (docs/decisions.md, 112). Kept after the
 * card is removed, so the next change still numbers past the removal.
 */
export const savedCardChanges = paymentSchema.table('saved_card_changes', {
  userId: text('user_id').primaryKey(),
  sequence: integer('sequence').notNull(),
  changedAt: timestamptz('changed_at').notNull(),
});

/** A started card setup: the Stripe Checkout session (setup mode) or the test provider's page. */
export const cardSetups = paymentSchema.table(
  'card_setups',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    provider: text('provider', { enum: SAVED_CARD_PROVIDERS }).notNull(),
    /** The page the owner goes back to: `revenue-report` or `dashboard`. */
    returnTo: text('return_to').notNull(),
    status: text('status', { enum: ['open', 'saved', 'cancelled'] })
      .notNull()
      .default('open'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [index('card_setups_user_idx').on(table.userId)],
);
export type CardSetupRow = typeof cardSetups.$inferSelect;

/**
 * 'pending': the card's provider was asked (or is about to be), its answer not recorded yet; 'refunded': it
 * paid, and the charge was refunded since (unneeded-collections.ts).
 */
export const SHARE_COLLECTION_OUTCOMES = [
  'pending',
  'paid',
  'refunded',
  'nothing-due',
  'no-card',
  'declined',
  'hard-decline',
] as const;

/**
 * Each collection attempt the revenue service asked for (`revenue.share.collection-requested`), primary key
 * its `collectionId`: a redelivered or raced request finds the row and charges nothing.
 */
export const shareCollections = paymentSchema.table(
  'share_collections',
  {
    collectionId: uuid('collection_id').primaryKey(),
    reportId: uuid('report_id').notNull(),
    userId: text('user_id').notNull(),
    attempt: integer('attempt').notNull(),
    amount: integer('amount').notNull(),
    /** The order the charge made (none without a card). */
    orderId: uuid('order_id'),
    outcome: text('outcome', { enum: SHARE_COLLECTION_OUTCOMES }).notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamptz('created_at').notNull(),
    /**
     * The card charge asked and not answered yet (saved-cards/share-collection-charges.ts): committed
     * before the provider is asked, cleared with its answer.
     */
    pendingCharge: jsonb('pending_charge').$type<PendingCharge>(),
  },
  (table) => [index('share_collections_report_idx').on(table.reportId)],
);
export type ShareCollectionRow = typeof shareCollections.$inferSelect;

export const SHARE_COLLECTION_CHARGE_STATUSES = ['queued', 'answered', 'failed'] as const;

/**
 * The work queue of the card charges the collections asked for (a kit work queue, id = the collection's
 * id): each is asked of the provider and answered after the request's transaction committed its pending
 * mark. 'failed' (given up after its attempts) leaves the mark: whoever pays the share next answers it first.
 */
export const shareCollectionCharges = paymentSchema.table('share_collection_charges', {
  id: uuid('id').primaryKey(),
  status: text('status', { enum: SHARE_COLLECTION_CHARGE_STATUSES }).notNull().default('queued'),
  ...workItemColumns(),
  queuedAt: timestamptz('queued_at').notNull(),
});
