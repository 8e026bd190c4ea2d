/** The revenue service's tables, all inside its own Postgres schema `revenue`. */
import { createInboxTable, createOutboxTable } from '@platform/service-kit/tables';
import { pgSchema } from 'drizzle-orm/pg-core';

export const revenueSchema = pgSchema('revenue');

export const outboxEvents = createOutboxTable(revenueSchema);
export const inboxEvents = createInboxTable(revenueSchema);
