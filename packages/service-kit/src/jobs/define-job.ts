/**
 * What a service declares in its definition's `jobs`: periodic jobs (at most one run per period across
 * every replica) and work queues (rows of a service table handled once each, retried with backoff).
 */
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from '../logger.js';
import { exponentialBackoff, type Backoff } from './backoff.js';

export interface JobContext {
  /** Service time when the run (or the item's claim) started. */
  now: Date;
  logger: Logger;
  /** Aborted when the service stops: a long run may return early at a safe point (shutdown waits for it). */
  signal: AbortSignal;
}

export interface PeriodicJobOptions {
  /** Unique within the service; kebab-case, e.g. `reconcile-pending-orders`. */
  name: string;
  /** Service time from the start of one run to the earliest start of the next. */
  everyMs: number;
  /**
   * How long a run holds the job before another replica may assume its runner died; renewed while the
   * run goes on. Default 5 minutes.
   */
  leaseMs?: number;
  /** Delay before retrying after failed runs in a row; never longer than `everyMs`. Default 1 s, doubling. */
  retryBackoff?: Backoff;
  /** The work. What it returns is handed to `runNow`/`runDue` callers (tests); a throw is a failed run. */
  run(context: JobContext): Promise<unknown>;
  /** Releases what the job holds, after the runner stopped. */
  close?(): Promise<void> | void;
}

export interface PeriodicJobDefinition extends PeriodicJobOptions {
  kind: 'periodic';
}

/**
 * A table whose rows are work items. It needs these columns (the names are the kit's): a unique `id`,
 * `status` (the ready value marks work to do), `attempts` (integer, default 0), `nextAttemptAt`
 * (timestamptz: when it is due, service time), `lockedUntil` (timestamptz, nullable: the claim of the
 * worker handling it, database time) and `lastError` (text).
 */
export type WorkTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lockedUntil: PgColumn;
  lastError: PgColumn;
};

export interface WorkQueueOptions<TTable extends WorkTable> {
  /** Unique within the service; also the wake-up topic (`wakeAfterCommit(tx, schema, name)`). */
  name: string;
  table: TTable;
  /** `ready`: still to do (claimable once due); `failed`: given up after `maxAttempts`. */
  statuses: { ready: string; failed: string };
  /**
   * Handles one item and answers the columns to record on success (including its done status, and its
   * `lastError` when it settles the item as failed without trying again). A throw is a failed attempt: the
   * item is due again after the backoff, or `failed` after the last attempt.
   */
  handle(item: TTable['$inferSelect'], context: JobContext): Promise<Partial<TTable['$inferInsert']>>;
  /** Tie-breakers after the due time when claiming, e.g. the creation time. */
  orderBy?: PgColumn[];
  /** Items claimed per round, handled side by side. Default 10. */
  batchSize?: number;
  /** Attempts before an item is `failed` for good. Default 8. */
  maxAttempts?: number;
  /** Delay before the next attempt after `attempts` failed ones. Default 30 s, doubling, at most 1 h. */
  backoff?: Backoff;
  /** How long a claimed item is left to its worker before another may take it. Default 5 minutes. */
  leaseMs?: number;
  /** Pause between looks for due items when nothing woke the queue. Default 1 s. */
  pollIntervalMs?: number;
  /** Releases what the queue holds (a mail transport), after the runner stopped. */
  close?(): Promise<void> | void;
}

export interface WorkQueueDefinition extends WorkQueueOptions<WorkTable> {
  kind: 'queue';
}

export type JobDefinition = PeriodicJobDefinition | WorkQueueDefinition;

export function definePeriodicJob(options: PeriodicJobOptions): PeriodicJobDefinition {
  if (!(options.everyMs > 0)) throw new Error(`job "${options.name}": everyMs must be positive`);
  return { kind: 'periodic', ...options };
}

export function defineWorkQueue<TTable extends WorkTable>(
  options: WorkQueueOptions<TTable>,
): WorkQueueDefinition {
  // The handler is typed by its own table; the runner only passes it rows of that table.
  return { kind: 'queue', ...options } as unknown as WorkQueueDefinition;
}

export const DEFAULT_JOB_LEASE_MS = 5 * 60_000;
export const DEFAULT_WORK_BACKOFF = exponentialBackoff({ firstMs: 30_000, maxMs: 60 * 60_000 });
export const DEFAULT_JOB_RETRY_BACKOFF = exponentialBackoff({ firstMs: 1_000, maxMs: 60 * 60_000 });

/** `outbox` wakes the outbox relay; no job may take that topic. */
export const OUTBOX_WAKE_TOPIC = 'outbox';
