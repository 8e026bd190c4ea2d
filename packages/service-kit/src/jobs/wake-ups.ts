/**
 * Wake-ups after commit: work written in a transaction (an outbox event, a queued e-mail) wakes the
 * replicas that process it as soon as, and only if, the transaction commits.
 *
 * It is PostgreSQL's own NOTIFY: `wakeAfterCommit(tx, …)` issues `pg_notify` inside the writer's
 * transaction; the database delivers it at commit (never for a rolled-back one, once per transaction and
 * topic) to every listening replica. So no caller has to remember to wake anything after committing, and
 * a replica learns about work another replica wrote. Polling stays as the safety net: a lost wake-up
 * (the listening connection dropped) only delays work until the next poll.
 *
 * Each service listens on one channel, `platform_wake_<schema>`; the payload names what to wake
 * (`outbox`, or a work queue's name).
 */
import { PGlite } from '@electric-sql/pglite';
import { ServicePglite } from '../db/shared-pglite.js';
import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pino } from 'pino';
import type { Database, Executor } from '../db/database.js';
import type { Logger } from '../logger.js';
import { delayAfter, exponentialBackoff } from './backoff.js';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** The NOTIFY channel of a service schema. */
export function wakeUpChannel(schema: string): string {
  const channel = `platform_wake_${schema}`;
  if (!IDENTIFIER.test(channel)) throw new Error(`"${schema}" cannot name a wake-up channel`);
  return channel;
}

/** The Postgres schema a table lives in (`public` when it names none). */
export function schemaOf(table: PgTable): string {
  return getTableConfig(table).schema ?? 'public';
}

/**
 * Wakes whoever processes `topic` in `schema` once the transaction `db` belongs to commits (at once when
 * `db` is not in a transaction).
 */
export async function wakeAfterCommit(db: Executor, schema: string, topic: string): Promise<void> {
  await db.execute(sql`select pg_notify(${wakeUpChannel(schema)}, ${topic})`);
}

export interface WakeUpSource {
  /** Calls `handler` on each wake-up for `topic`, and after a lost listening connection came back. */
  on(topic: string, handler: () => void): () => void;
}

export interface ListenForWakeUpsOptions {
  db: Database;
  schema: string;
  logger?: Logger;
}

/**
 * Listens on the schema's channel: PGlite through its own `listen`, PostgreSQL through one dedicated
 * connection (not one of the pool's), reconnected with backoff when it drops.
 */
export class WakeUps implements WakeUpSource {
  private readonly handlers = new Map<string, Set<() => void>>();
  private stopListening: (() => Promise<void>) | null = null;

  private constructor(
    private readonly channel: string,
    private readonly logger: Logger,
  ) {}

  static async listen(options: ListenForWakeUpsOptions): Promise<WakeUps> {
    const logger = options.logger ?? pino({ level: 'silent' });
    const wakeUps = new WakeUps(wakeUpChannel(options.schema), logger);
    const client = (options.db as { $client?: unknown }).$client;
    if (client instanceof PGlite || client instanceof ServicePglite) {
      const unlisten = await client.listen(wakeUps.channel, (topic) => wakeUps.dispatch(topic));
      wakeUps.stopListening = () => unlisten();
    } else if (client instanceof pg.Pool) {
      const connection = new ListeningConnection(client.options, wakeUps.channel, logger, {
        onTopic: (topic) => wakeUps.dispatch(topic),
        onReconnected: () => wakeUps.dispatchAll(),
      });
      await connection.open();
      wakeUps.stopListening = () => connection.close();
    } else {
      logger.warn('this database cannot deliver wake-ups; work waits for the next poll');
    }
    return wakeUps;
  }

  on(topic: string, handler: () => void): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  async close(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    this.handlers.clear();
    await stop?.().catch((error: unknown) => this.logger.warn({ err: error }, 'could not stop listening'));
  }

  private dispatch(topic: string): void {
    for (const handler of this.handlers.get(topic) ?? []) this.call(handler);
  }

  /** Something may have been missed: wake everything once. */
  private dispatchAll(): void {
    for (const set of this.handlers.values()) for (const handler of set) this.call(handler);
  }

  private call(handler: () => void): void {
    try {
      handler();
    } catch (error) {
      this.logger.error({ err: error }, 'a wake-up handler threw');
    }
  }
}

const reconnectBackoff = exponentialBackoff({ firstMs: 500, maxMs: 30_000 });

/** One node-postgres connection that LISTENs, and comes back after it is lost. */
class ListeningConnection {
  private client: pg.Client | null = null;
  private closed = false;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly channel: string,
    private readonly logger: Logger,
    private readonly events: { onTopic(topic: string): void; onReconnected(): void },
  ) {}

  /** Connects; a failure is logged and retried in the background (polling covers the gap). */
  async open(): Promise<void> {
    try {
      await this.connect();
    } catch (error) {
      this.logger.warn({ err: error }, 'could not listen for wake-ups; retrying');
      this.retry();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    await client?.end();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.events.onTopic(message.payload ?? '');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      // The channel is a checked identifier (wakeUpChannel): LISTEN takes no parameters.
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.failures = 0;
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.closed || client !== this.client) return;
    this.client = null;
    this.logger.warn({ err: error }, 'the wake-up connection was lost; reconnecting');
    client.end().catch(() => undefined);
    this.retry();
  }

  private retry(): void {
    if (this.closed) return;
    this.failures += 1;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.connect()
          .then(() => {
            if (!this.closed) this.events.onReconnected();
          })
          .catch((error: unknown) => {
            this.logger.warn({ err: error }, 'could not listen for wake-ups; retrying');
            this.retry();
          });
      },
      delayAfter(reconnectBackoff, this.failures),
    );
    this.timer.unref();
  }
}
