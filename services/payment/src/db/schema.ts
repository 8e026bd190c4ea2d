/** The payment service's tables, all inside its own Postgres schema `payment`. */
import { createInboxTable, createOutboxTable } from '@platform/service-kit/tables';
import { pgSchema } from 'drizzle-orm/pg-core';

export const paymentSchema = pgSchema('payment');

export const outboxEvents = createOutboxTable(paymentSchema);
export const inboxEvents = createInboxTable(paymentSchema);
