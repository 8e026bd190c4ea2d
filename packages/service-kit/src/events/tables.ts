/**
 * The outbox and inbox tables (and, re-exported here for `@platform/service-kit/tables`, the periodic
 * jobs' table and the request limits' table). Each service declares them inside its own schema (in its
 * `db/schema.ts`, with `createServiceSchema`) so drizzle-kit generates them into that service's migrations.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgSchema, primaryKey, text, uuid, type PgSchema } from 'drizzle-orm/pg-core';
import { timestamptz } from '../db/columns.js';
import { createJobsTable, type JobsTable } from '../jobs/tables.js';
import { createRateLimitsTable, type RateLimitsTable } from '../rate-limits/tables.js';

export function createOutboxTable(schema: PgSchema) {
  return schema.table(
    'outbox_events',
    {
      id: uuid('id').primaryKey(),
      type: text('type').notNull(),
      version: integer('version').notNull(),
      occurredAt: timestamptz('occurred_at').notNull(),
      data: jsonb('data').notNull(),
      headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
      /** pending → in_flight → sent; a failed publish goes back to pending with a later next_attempt_at. */
      status: text('status', { enum: ['pending', 'in_flight', 'sent'] })
        .notNull()
        .default('pending'),
      attempts: integer('attempts').notNull().default(0),
      nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
      /** A relay that dies mid-publish leaves the row in flight; after this time another relay takes it. */
      lockedUntil: timestamptz('locked_until'),
      lastError: text('last_error'),
      createdAt: timestamptz('created_at').notNull().defaultNow(),
      sentAt: timestamptz('sent_at'),
    },
    (table) => [
      index('outbox_events_due_idx')
        .on(table.nextAttemptAt, table.createdAt)
        .where(sql`${table.status} <> 'sent'`),
    ],
  );
}

export function createInboxTable(schema: PgSchema) {
  return schema.table(
    'inbox_events',
    {
      eventId: uuid('event_id').notNull(),
      /** The durable consumer that applied it (one service may consume the same event in two handlers). */
      consumer: text('consumer').notNull(),
      type: text('type').notNull(),
      processedAt: timestamptz('processed_at').notNull().defaultNow(),
    },
    (table) => [primaryKey({ columns: [table.eventId, table.consumer] })],
  );
}

export type OutboxTable = ReturnType<typeof createOutboxTable>;
export type InboxTable = ReturnType<typeof createInboxTable>;

/** The kit's tables a service has besides the outbox and inbox. */
export interface KitTableChoice {
  /** The periodic jobs' table: needed once the service declares a periodic job. */
  jobs?: boolean;
  /** The request limits' counters: needed once it limits requests (their cleanup is a job: `jobs` too). */
  rateLimits?: boolean;
}

export type ServiceSchema<TName extends string, TChoice extends KitTableChoice> = {
  schema: PgSchema<TName>;
  outboxEvents: OutboxTable;
  inboxEvents: InboxTable;
} & (TChoice extends { jobs: true } ? { jobs: JobsTable } : unknown) &
  (TChoice extends { rateLimits: true } ? { rateLimits: RateLimitsTable } : unknown);

/**
 * A service's Postgres schema and the kit's tables in it: the outbox and inbox, and the chosen others. Its
 * `db/schema.ts` exports each under the name its code uses, so drizzle-kit sees them as its own tables.
 */
export function createServiceSchema<
  TName extends string,
  const TChoice extends KitTableChoice = Record<never, never>,
>(name: TName, choice?: TChoice): ServiceSchema<TName, TChoice> {
  const schema = pgSchema(name);
  return {
    schema,
    outboxEvents: createOutboxTable(schema),
    inboxEvents: createInboxTable(schema),
    ...(choice?.jobs && { jobs: createJobsTable(schema) }),
    ...(choice?.rateLimits && { rateLimits: createRateLimitsTable(schema) }),
  } as ServiceSchema<TName, TChoice>;
}

export { createJobsTable, type JobsTable, createRateLimitsTable, type RateLimitsTable };
export { storedFileColumns } from '../storage/stored-file-columns.js';
