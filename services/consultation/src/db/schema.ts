/** The consultation service's tables, all inside its own Postgres schema `consultation`. */
import { createInboxTable, createOutboxTable } from '@platform/service-kit/tables';
import { pgSchema } from 'drizzle-orm/pg-core';

export const consultationSchema = pgSchema('consultation');

export const outboxEvents = createOutboxTable(consultationSchema);
export const inboxEvents = createInboxTable(consultationSchema);
