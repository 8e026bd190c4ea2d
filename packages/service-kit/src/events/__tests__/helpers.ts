/** What the event tests share: both buses, both databases, the fixture schema and small wait helpers. */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach } from '@jest/globals';
import type { PlatformProbeRecorded } from '@platform/contracts';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle, type Transaction } from '../../db/database.js';
import { inboxEvents, outboxEvents, widgets } from '../../db/__tests__/fixture/schema.js';
import { createTestPostgresDatabase, postgresUrlFromEnv } from '../../testing/postgres.js';
import { waitFor as waitForOutcome } from '../../testing/system.js';
import {
  deleteTestStreams,
  natsUrlFromEnv,
  uniqueStreamNames,
  type TestStreamNames,
} from '../../testing/nats.js';
import { InProcessBus, type InProcessBusOptions } from '../in-process-bus.js';
import { JetStreamBus, type JetStreamBusOptions } from '../jetstream-bus.js';
import { enqueueEvent, OutboxRelay, type OutboxRelayOptions } from '../outbox.js';
import { defineSubscription, startSubscriptions, type RunningSubscriptions } from '../subscriptions.js';
import type { EventBus, EventEnvelope } from '../types.js';

export { inboxEvents, outboxEvents, widgets };

export const natsUrl = natsUrlFromEnv();
export const postgresUrl = postgresUrlFromEnv();

export type BusKind = 'in-process' | 'jetstream';
export type DatabaseKind = 'pglite' | 'postgres';

/** JetStream only when NATS_URL is set. */
export const busKinds: BusKind[] = natsUrl ? ['in-process', 'jetstream'] : ['in-process'];
/** PostgreSQL only when POSTGRES_URL is set. */
export const databaseKinds: DatabaseKind[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
/** Each database kind × each bus kind, for `describe.each`. */
export const databaseAndBusKinds = databaseKinds.flatMap((database) =>
  busKinds.map((bus) => [database, bus] as const),
);

export interface LabBusOptions {
  /** In-process: a new instance instead of the shared one (JetStream always opens a new connection). */
  fresh?: boolean;
  inProcess?: InProcessBusOptions;
  jetstream?: Partial<Omit<JetStreamBusOptions, 'servers' | 'stream' | 'subjectPrefix'>>;
  /** JetStream: use other streams than the lab's default ones. */
  names?: TestStreamNames;
}

/**
 * Opens buses of one kind for one test. In-process: one shared instance, as in the embedded mode.
 * JetStream: one connection per call, on streams of its own, deleted by `cleanup`.
 */
export class BusLab {
  private readonly buses: EventBus[] = [];
  private readonly names: TestStreamNames[] = [];
  private shared: InProcessBus | undefined;
  readonly defaultNames: TestStreamNames = uniqueStreamNames();

  constructor(readonly kind: BusKind) {
    this.names.push(this.defaultNames);
  }

  async connect(options: LabBusOptions = {}): Promise<EventBus> {
    if (this.kind === 'in-process') {
      if (this.shared && !options.fresh) return this.shared;
      const bus = new InProcessBus(options.inProcess);
      this.shared = bus;
      this.buses.push(bus);
      return bus;
    }
    const names = options.names ?? this.defaultNames;
    if (!this.names.includes(names)) this.names.push(names);
    const bus = await JetStreamBus.connect({
      servers: natsUrl!,
      stream: names.stream,
      subjectPrefix: names.subjectPrefix,
      name: 'event-tests',
      requestTimeoutMs: 2_000,
      ...options.jetstream,
    });
    this.buses.push(bus);
    return bus;
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.buses.map((bus) => bus.close()));
    if (this.kind === 'jetstream') await deleteTestStreams(natsUrl!, ...this.names);
  }
}

const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'db',
  '__tests__',
  'fixture',
  'drizzle',
);

export interface TestDatabase {
  handle: DatabaseHandle;
  db: Database;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** PGlite in a temporary folder, or a throwaway PostgreSQL database; migrated to the fixture schema. */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let dispose: () => Promise<void>;
  if (kind === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'kit-events-'));
    handle = await openDatabase({ schemaName: 'kit_test', dataDir: dir, migrationsFolder });
    dispose = () => rm(dir, { recursive: true, force: true });
  } else {
    const database = await createTestPostgresDatabase(postgresUrl!, 'kitev');
    handle = await openDatabase({
      schemaName: 'kit_test',
      url: database.url,
      dataDir: '/nonexistent',
      migrationsFolder,
    });
    dispose = () => database.drop();
  }
  return {
    handle,
    db: handle.db,
    reset: async () => {
      await handle.db.execute(
        sql`truncate kit_test.widgets, kit_test.outbox_events, kit_test.inbox_events restart identity`,
      );
    },
    close: async () => {
      await handle.close();
      await dispose();
    },
  };
}

/**
 * Opening a PGlite database costs seconds, so a test file opens each kind once and shares it between
 * its describe blocks (each test starts with `reset()`); call `closeAll` in a top-level `afterAll`.
 */
export class SharedDatabases {
  private readonly opened = new Map<DatabaseKind, Promise<TestDatabase>>();

  get(kind: DatabaseKind): Promise<TestDatabase> {
    let database = this.opened.get(kind);
    if (!database) {
      database = openTestDatabase(kind);
      this.opened.set(kind, database);
    }
    return database;
  }

  async closeAll(): Promise<void> {
    const all = [...this.opened.values()];
    this.opened.clear();
    for (const database of all) await (await database).close();
  }
}

/** The file's databases: one of each kind, shared by its suites and closed after the file. */
export function useSharedDatabases(): SharedDatabases {
  const databases = new SharedDatabases();
  afterAll(() => databases.closeAll());
  return databases;
}

/** A describe block's database and buses, from `useDatabaseAndBus`: read them in hooks and tests only. */
export interface DatabaseAndBus {
  /** The shared database of the kind asked for, emptied before each test. */
  readonly db: Database;
  /** This test's lab: every bus it connected is closed after the test. */
  readonly lab: BusLab;
  /** Runs `cleanup` after this test, before the lab closes its buses; the last deferred runs first. */
  defer(cleanup: () => Promise<void> | void): void;
}

/**
 * The hooks of a describe block on `databaseKind` × `busKind`: the shared database opened once and emptied
 * before each test, and a bus lab of each test's own, its deferred clean-ups run and its buses closed after it.
 */
export function useDatabaseAndBus(
  databases: SharedDatabases,
  databaseKind: DatabaseKind,
  busKind: BusKind,
): DatabaseAndBus {
  let database: TestDatabase | undefined;
  let lab: BusLab | undefined;
  const cleanups: Array<() => Promise<void> | void> = [];
  beforeAll(async () => {
    database = await databases.get(databaseKind);
  });
  beforeEach(async () => {
    await database!.reset();
    lab = new BusLab(busKind);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await lab?.cleanup();
  });
  return {
    get db() {
      return database!.db;
    },
    get lab() {
      return lab!;
    },
    defer: (cleanup) => {
      cleanups.push(cleanup);
    },
  };
}

export function probeEvent(sequence: number, probeId = 'probe'): EventEnvelope<PlatformProbeRecorded> {
  return {
    id: randomUUID(),
    type: 'platform.probe.recorded',
    version: 1,
    occurredAt: new Date().toISOString(),
    data: { probeId, sequence },
  };
}

/** A condition with no value to show (every 10 ms, for at most 10 s by default): the kit's waitFor. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 10_000, intervalMs = 10, what = 'condition' } = {},
): Promise<void> {
  await waitForOutcome(condition, (ok) => ok, what, { timeoutMs, intervalMs });
}

/** Waits (`waitFor`, `what` named if it times out) until the widget `name` has counted `count` increments. */
export async function waitForWidget(db: Database, name: string, count: number, what: string): Promise<void> {
  await waitFor(async () => (await widgetCount(db, name)) === count, { what });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A promise released by hand: a handler that "hangs" until the test lets it go. */
export function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

export async function widgetCount(db: Database, name: string): Promise<number> {
  const [row] = await db.select({ count: widgets.count }).from(widgets).where(eq(widgets.name, name));
  return row?.count ?? 0;
}

export async function countRows(
  db: Database,
  table: typeof inboxEvents | typeof outboxEvents,
): Promise<number> {
  const result = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(result[0]?.n ?? 0);
}

export async function outboxStatuses(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: outboxEvents.status, n: sql<number>`count(*)::int` })
    .from(outboxEvents)
    .groupBy(outboxEvents.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

export async function incrementWidget(tx: Transaction, name: string): Promise<void> {
  await tx
    .update(widgets)
    .set({ count: sql`${widgets.count} + 1` })
    .where(eq(widgets.name, name));
}

export interface CounterOptions {
  /** The consuming service's name (its inbox rows are `<service>:<subject>`). */
  service?: string;
  ackWaitMs?: number;
  backoffMs?: number[];
  /** Told of each event inside the handler's transaction, before it commits. */
  onApplied?: (event: EventEnvelope<PlatformProbeRecorded>) => void;
}

/** The consuming service: each probe adds one to the widget named after it. */
export function startProbeCounter(
  bus: EventBus,
  db: Database,
  { service = 'counter', onApplied, ...timing }: CounterOptions = {},
): Promise<RunningSubscriptions> {
  return startSubscriptions({
    bus,
    db,
    inboxTable: inboxEvents,
    service,
    subscriptions: [
      defineSubscription({
        subject: 'platform.probe.recorded',
        ...timing,
        handler: async (event, { tx }) => {
          await incrementWidget(tx, event.data.probeId);
          onApplied?.(event);
        },
      }),
    ],
  });
}

/** A probe's widget and its event, committed in one transaction. */
export function recordProbe(db: Database, probeId: string, sequence = 1): Promise<EventEnvelope> {
  return db.transaction(async (tx) => {
    await tx.insert(widgets).values({ name: probeId });
    return enqueueEvent(tx, outboxEvents, { type: 'platform.probe.recorded', data: { probeId, sequence } });
  });
}

/** A relay of the fixture's outbox to `bus` that polls every 20 ms and retries at once: quick enough for a test. */
export function quickRelay(
  db: Database,
  bus: EventBus,
  options: Partial<OutboxRelayOptions> = {},
): OutboxRelay {
  return new OutboxRelay({
    db,
    table: outboxEvents,
    bus,
    pollIntervalMs: 20,
    backoff: () => 0,
    ...options,
  });
}
