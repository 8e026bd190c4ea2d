/**
 * The transactional outbox: `enqueueEvent` writes the event row in the caller's transaction, next to the
 * state change; `OutboxRelay` publishes committed rows and marks them sent.
 *
 * Time: the relay schedules with the DATABASE clock (`now()`): due rows, in-flight locks and retry times
 * are all compared in SQL, so several relays on different hosts agree whatever their clocks say. The
 * injected `Clock` only stamps the event's `occurredAt` (business time, which tests may move). Tests drive
 * retries with `backoff: () => 0` (due at once) or a long backoff (stays pending), and expire a lock by
 * setting `locked_until` in the past.
 *
 * Wake-up: `enqueueEvent` also issues a wake-up for the schema's `outbox` topic in the same transaction
 * (jobs/wake-ups.ts: NOTIFY, delivered at commit, never for a rollback), and a relay given `wakeUps`
 * runs a round when it arrives. So every committed event is published at once, by whichever replica
 * hears first, and no caller has anything to remember; the poll only covers a lost wake-up.
 *
 * Order: rows are claimed and published in `created_at` order (a microsecond counter per process, so
 * rows of one transaction keep their order). A failed publish stops the batch and puts the rest back, so a
 * healthy bus sees events in order; after retries, events of different rows may arrive out of order, so
 * consumers must not depend on the order of different events.
 */
import { randomUUID } from 'node:crypto';
import { eventSchemas, isKnownEventType, type EventData, type EventType } from '@platform/contracts';
import { and, asc, eq, getTableColumns, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { systemClock, type Clock } from '../clock.js';
import type { Database, Executor } from '../db/database.js';
import { delayAfter, exponentialBackoff, type Backoff } from '../jobs/backoff.js';
import { OUTBOX_WAKE_TOPIC } from '../jobs/define-job.js';
import { RoundLoop } from '../jobs/round-loop.js';
import { schemaOf, wakeAfterCommit, type WakeUpSource } from '../jobs/wake-ups.js';
import type { Logger } from '../logger.js';
import { describeError } from './delivery-policy.js';
import type { OutboxTable } from './tables.js';
import type { EventBus, EventEnvelope } from './types.js';
import { traceHeaders } from '../runtime/tracing.js';

export interface NewEvent<T extends EventType = EventType> {
  type: T;
  data: EventData<T>;
  /** Carried to consumers (request id, causation id). */
  headers?: Record<string, string>;
}

/**
 * Adds the event to the outbox inside `tx` (commit it with the state change) and wakes the relays once
 * `tx` commits. Throws for a type the contracts do not register or data its schema rejects, so every
 * event on the bus has a schema.
 */
export async function enqueueEvent<T extends EventType>(
  tx: Executor,
  table: OutboxTable,
  event: NewEvent<T>,
  options: { clock?: Clock } = {},
): Promise<EventEnvelope<EventData<T>>> {
  const type: string = event.type;
  if (!isKnownEventType(type))
    throw new Error(`Unknown event type "${type}": add its schema to @platform/contracts`);
  const contract = eventSchemas[type];
  const parsed = contract.data.safeParse(event.data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`,
    );
    throw new Error(`Invalid data for event "${type}": ${issues.join('; ')}`, { cause: parsed.error });
  }
  const occurredAt = (options.clock ?? systemClock).now();
  const envelope = {
    id: randomUUID(),
    type: event.type,
    version: contract.version,
    occurredAt: occurredAt.toISOString(),
    data: parsed.data as EventData<T>,
  };
  await tx.insert(table).values({
    id: envelope.id,
    type: envelope.type,
    version: envelope.version,
    occurredAt,
    data: envelope.data,
    // The trace of the work that enqueued it travels with the event to every handler (runtime/tracing.ts).
    headers: { ...traceHeaders(), ...event.headers },
    createdAt: sql`${nextPosition()}::timestamptz`,
  });
  await wakeAfterCommit(tx, schemaOf(table), OUTBOX_WAKE_TOPIC);
  return envelope;
}

let lastPositionMicros = 0n;

/**
 * `created_at` is the publishing order. It comes from a per-process counter, strictly increasing to the
 * microsecond, because PGlite's clock only has milliseconds and rows of one transaction must keep
 * their order.
 */
function nextPosition(): string {
  const nowMicros = BigInt(Date.now()) * 1000n;
  lastPositionMicros = nowMicros > lastPositionMicros ? nowMicros : lastPositionMicros + 1n;
  const millis = Number(lastPositionMicros / 1000n);
  const micros = Number(lastPositionMicros % 1000n);
  return new Date(millis).toISOString().replace('Z', `${String(micros).padStart(3, '0')}Z`);
}

export interface OutboxRelayOptions {
  db: Database;
  table: OutboxTable;
  bus: EventBus;
  logger?: Logger;
  /** Pause between polls when there was nothing to do. Default 250 ms. */
  pollIntervalMs?: number;
  /** Rows claimed per round. Default 50. */
  batchSize?: number;
  /** A claimed row another relay may take over after this long (its relay died). Default 30 s. */
  inFlightTimeoutMs?: number;
  /** Delay before the next attempt after `attempts` failed ones. Default 500 ms × 2^(attempts−1), max 60 s. */
  backoff?: Backoff;
  /** Wake-ups after commit (`WakeUps.listen`): a round runs as soon as an event is committed. */
  wakeUps?: WakeUpSource;
}

export interface RelayRound {
  claimed: number;
  sent: number;
  failed: number;
}

type OutboxRow = OutboxTable['$inferSelect'];

export const defaultOutboxBackoff: Backoff = exponentialBackoff({ firstMs: 500, maxMs: 60_000 });

export class OutboxRelay {
  private readonly db: Database;
  private readonly table: OutboxTable;
  private readonly bus: EventBus;
  private readonly logger: Logger;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly inFlightTimeoutMs: number;
  private readonly backoff: Backoff;
  private readonly wakeUps: WakeUpSource | undefined;

  private readonly loop = new RoundLoop(() => this.backgroundRound());
  private unsubscribe: (() => void) | null = null;

  constructor(options: OutboxRelayOptions) {
    this.db = options.db;
    this.table = options.table;
    this.bus = options.bus;
    this.logger = options.logger ?? pino({ level: 'silent' });
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.batchSize = options.batchSize ?? 50;
    this.inFlightTimeoutMs = options.inFlightTimeoutMs ?? 30_000;
    this.backoff = options.backoff ?? defaultOutboxBackoff;
    this.wakeUps = options.wakeUps;
  }

  start(): void {
    if (this.loop.running) return;
    this.unsubscribe = this.wakeUps?.on(OUTBOX_WAKE_TOPIC, () => this.notify()) ?? null;
    this.loop.start();
  }

  /** Stops polling and waits for the round in progress. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.loop.stop();
  }

  /** Run a round soon (the wake-ups call it; so may a test or an operator). */
  notify(): void {
    this.loop.poke();
  }

  /** One round: claim due rows, publish them in order, record the outcome. Rounds never overlap. */
  runOnce(): Promise<RelayRound> {
    return this.loop.exclusive(() => this.publishDue());
  }

  private async backgroundRound(): Promise<number> {
    let round: RelayRound = { claimed: 0, sent: 0, failed: 0 };
    try {
      round = await this.runOnce();
    } catch (error) {
      this.logger.warn({ err: error }, 'outbox relay round failed; retrying');
    }
    const more = round.claimed === this.batchSize && round.failed === 0;
    return more ? 0 : this.pollIntervalMs;
  }

  private async publishDue(): Promise<RelayRound> {
    const rows = await this.claim();
    const round: RelayRound = { claimed: rows.length, sent: 0, failed: 0 };
    for (const [index, row] of rows.entries()) {
      try {
        await this.bus.publish(toEnvelope(row), { headers: row.headers });
      } catch (error) {
        round.failed += 1;
        await this.markFailed(row, error, rows.slice(index + 1));
        break;
      }
      await this.markSent(row);
      round.sent += 1;
    }
    return round;
  }

  private async claim(): Promise<OutboxRow[]> {
    const t = this.table;
    const due = or(
      and(eq(t.status, 'pending'), lte(t.nextAttemptAt, sql`now()`)),
      and(eq(t.status, 'in_flight'), lt(t.lockedUntil, sql`now()`)),
    );
    const ids = this.db
      .select({ id: t.id })
      .from(t)
      .where(due)
      .orderBy(asc(t.createdAt))
      .limit(this.batchSize)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .update(t)
      .set({
        status: 'in_flight',
        lockedUntil: sql`now() + ${this.inFlightTimeoutMs}::integer * interval '1 millisecond'`,
        attempts: sql`${t.attempts} + 1`,
      })
      .where(inArray(t.id, ids))
      .returning({
        ...getTableColumns(t),
        // created_at to the microsecond (a JS Date stops at the millisecond), fixed width: sorts as text.
        position: sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`,
      });
    return rows.sort((a, b) => compareText(a.position, b.position) || compareText(a.id, b.id));
  }

  private async markSent(row: OutboxRow): Promise<void> {
    await this.db
      .update(this.table)
      .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
      .where(eq(this.table.id, row.id));
  }

  private async markFailed(row: OutboxRow, error: unknown, untried: OutboxRow[]): Promise<void> {
    const delayMs = delayAfter(this.backoff, row.attempts);
    const nextAttemptAt = sql`now() + ${delayMs}::integer * interval '1 millisecond'`;
    const message = describeError(error);
    this.logger.warn(
      { err: error, eventId: row.id, type: row.type, attempts: row.attempts, retryInMs: delayMs },
      'publishing an outbox event failed; will retry',
    );
    await this.db
      .update(this.table)
      .set({ status: 'pending', nextAttemptAt, lockedUntil: null, lastError: message })
      .where(eq(this.table.id, row.id));
    if (untried.length === 0) return;
    // Not attempted: give back the claim (and its attempt) and keep them behind the failed row.
    await this.db
      .update(this.table)
      .set({ status: 'pending', nextAttemptAt, lockedUntil: null, attempts: sql`${this.table.attempts} - 1` })
      .where(
        and(
          inArray(
            this.table.id,
            untried.map((r) => r.id),
          ),
          eq(this.table.status, 'in_flight'),
        ),
      );
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function toEnvelope(row: OutboxRow): EventEnvelope {
  return {
    id: row.id,
    type: row.type,
    version: row.version,
    occurredAt: row.occurredAt.toISOString(),
    data: row.data,
  };
}
