/**
 * Runs a service's jobs: one lane per job, whose runs never overlap in this process. In the background a
 * periodic lane sleeps until its job is due (by the service clock, and again whenever a settable clock
 * moves), a queue lane polls and is woken after commit by `wakeAfterCommit`. Across replicas the database
 * decides (periodic-job.ts, work-items.ts). Tests call `runNow(name)` or `runDue()` and await the outcome.
 * `stop()` stops the lanes, aborts their signal and waits for the runs in progress.
 */
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { systemClock, type Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import { describeError } from '../events/delivery-policy.js';
import type { Logger } from '../logger.js';
import { delayAfter, exponentialBackoff } from './backoff.js';
import {
  DEFAULT_JOB_LEASE_MS,
  DEFAULT_JOB_RETRY_BACKOFF,
  DEFAULT_WORK_BACKOFF,
  OUTBOX_WAKE_TOPIC,
  type JobContext,
  type JobDefinition,
  type PeriodicJobDefinition,
  type WorkQueueDefinition,
} from './define-job.js';
import {
  claimPeriodicJob,
  extendClaim,
  finishRun,
  jobSchedule,
  registerPeriodicJob,
} from './periodic-job.js';
import { RoundLoop } from './round-loop.js';
import type { JobsTable } from './tables.js';
import type { WakeUpSource } from './wake-ups.js';
import { claimWorkItems, completeWorkItem, failWorkItem, type WorkItem } from './work-items.js';
import { jobFailures } from '../runtime/metrics.js';

export interface JobRunnerOptions {
  db: Database;
  jobs: JobDefinition[];
  /** The service's `jobs` table (createJobsTable); required when a periodic job is declared. */
  jobsTable?: JobsTable;
  clock?: Clock;
  logger?: Logger;
  /** Wake-ups after commit (queues wake on their name). */
  wakeUps?: WakeUpSource;
  /** Longest pause before a periodic lane looks at its schedule again. Default 60 s. */
  maxIdleMs?: number;
  /** The service's name, the `service` label of `job_failures_total`. */
  service?: string;
}

/** What one run did. A queue's `result` is its `QueueRound`. */
export type JobRun =
  | { name: string; ran: true; ok: true; result: unknown }
  | { name: string; ran: true; ok: false; error: unknown }
  | { name: string; ran: false; reason: 'not-due' | 'running-elsewhere' };

export interface QueueRound {
  claimed: number;
  completed: number;
  failed: number;
}

export class JobRunner {
  private readonly lanes = new Map<string, Lane>();
  private readonly logger: Logger;
  private readonly abort = new AbortController();
  private readonly unsubscribe: Array<() => void> = [];
  private registered: Promise<void> | null = null;
  private started = false;
  private stopped = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.logger = options.logger ?? pino({ level: 'silent' });
    const clock = options.clock ?? systemClock;
    const runnerId = randomUUID();
    for (const job of options.jobs) {
      if (this.lanes.has(job.name)) throw new Error(`two jobs are named "${job.name}"`);
      if (job.name === OUTBOX_WAKE_TOPIC) throw new Error(`"${OUTBOX_WAKE_TOPIC}" is not a job name`);
      const shared = {
        db: options.db,
        clock,
        logger: this.logger.child({ job: job.name }),
        signal: this.abort.signal,
        maxIdleMs: options.maxIdleMs ?? 60_000,
        countFailure: () => jobFailures.inc({ service: options.service ?? '', job: job.name }),
      };
      if (job.kind === 'periodic') {
        if (!options.jobsTable)
          throw new Error(`periodic job "${job.name}" needs the service's jobs table (createJobsTable)`);
        this.lanes.set(job.name, new PeriodicLane(job, { ...shared, table: options.jobsTable, runnerId }));
      } else {
        this.lanes.set(job.name, new QueueLane(job, shared));
      }
    }
  }

  get names(): string[] {
    return [...this.lanes.keys()];
  }

  /** Registers the periodic jobs and starts every lane in the background. */
  async start(): Promise<void> {
    if (this.started || this.stopped) return;
    await this.register();
    this.started = true;
    const { clock, wakeUps } = this.options;
    if (clock?.onChange) this.unsubscribe.push(clock.onChange(() => this.pokeAll()));
    for (const [name, lane] of this.lanes) {
      if (wakeUps) this.unsubscribe.push(wakeUps.on(name, () => lane.poke()));
      lane.start();
    }
  }

  /** Runs the job now, due or not (a queue: one round), unless another replica is running it; waits for it. */
  async runNow(name: string): Promise<JobRun> {
    await this.register();
    return this.lane(name).exclusive(() => this.lane(name).runOnce(true));
  }

  /** Runs every job that is due now (each queue: one round), waiting for runs in progress first. */
  async runDue(): Promise<JobRun[]> {
    await this.register();
    return Promise.all([...this.lanes.values()].map((lane) => lane.exclusive(() => lane.runOnce(false))));
  }

  /** Look at a job soon (in this process only; use `wakeAfterCommit` from a transaction). */
  wake(name: string): void {
    this.lane(name).poke();
  }

  /** Stops every lane, lets running jobs finish (their signal is aborted), then closes the jobs. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    this.abort.abort();
    await Promise.all([...this.lanes.values()].map((lane) => lane.stop()));
    for (const job of this.options.jobs) {
      try {
        await job.close?.();
      } catch (error) {
        this.logger.error({ err: error, job: job.name }, 'could not close a job');
      }
    }
  }

  private register(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('the job runner is stopped'));
    this.registered ??= (async () => {
      for (const lane of this.lanes.values()) await lane.register();
    })();
    return this.registered;
  }

  private pokeAll(): void {
    for (const lane of this.lanes.values()) lane.poke();
  }

  private lane(name: string): Lane {
    const lane = this.lanes.get(name);
    if (!lane) throw new Error(`no job is named "${name}" (declared: ${this.names.join(', ') || 'none'})`);
    return lane;
  }
}

interface LaneDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  signal: AbortSignal;
  maxIdleMs: number;
  countFailure: () => void;
}

const backgroundErrorBackoff = exponentialBackoff({ firstMs: 1_000, maxMs: 60_000 });

/** One job's runs in this process: never two at once; a background loop between them. */
abstract class Lane {
  private readonly loop = new RoundLoop(() => this.backgroundRound());
  private errors = 0;

  constructor(protected readonly deps: LaneDeps) {}

  async register(): Promise<void> {}

  /** One run (periodic: only when due unless `force`). */
  abstract runOnce(force: boolean): Promise<JobRun>;

  /** How long the background loop may sleep after a run. */
  protected abstract idleDelay(run: JobRun): Promise<number>;

  start(): void {
    this.loop.start();
  }

  poke(): void {
    this.loop.poke();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.loop.exclusive(work);
  }

  private async backgroundRound(): Promise<number> {
    try {
      const run = await this.exclusive(() => this.runOnce(false));
      const delay = await this.idleDelay(run);
      this.errors = 0;
      return delay;
    } catch (error) {
      this.errors += 1;
      const delay = delayAfter(backgroundErrorBackoff, this.errors);
      this.deps.logger.warn({ err: error, retryInMs: delay }, 'job round failed; looking again later');
      return delay;
    }
  }
}

class PeriodicLane extends Lane {
  private readonly leaseMs: number;

  constructor(
    private readonly job: PeriodicJobDefinition,
    private readonly lane: LaneDeps & { table: JobsTable; runnerId: string },
  ) {
    super(lane);
    this.leaseMs = job.leaseMs ?? DEFAULT_JOB_LEASE_MS;
  }

  override async register(): Promise<void> {
    const firstRunAt = new Date(this.lane.clock.now().getTime() + this.job.everyMs);
    await registerPeriodicJob(this.lane.db, this.lane.table, { name: this.job.name, firstRunAt });
  }

  async runOnce(force: boolean): Promise<JobRun> {
    const { db, table, clock, logger } = this.lane;
    const name = this.job.name;
    const now = clock.now();
    const claimId = `${this.lane.runnerId}:${randomUUID()}`;
    const claimed = await claimPeriodicJob(db, table, { name, claimId, now, leaseMs: this.leaseMs, force });
    if (!claimed) {
      const schedule = await jobSchedule(db, table, name);
      return {
        name,
        ran: false,
        reason: schedule && schedule.heldForMs > 0 ? 'running-elsewhere' : 'not-due',
      };
    }

    // The lease is renewed in real time while the run goes on (see periodic-job.ts).
    const heartbeat = setInterval(
      () => {
        extendClaim(db, table, { name, claimId, leaseMs: this.leaseMs })
          .then((held) => {
            if (!held) logger.warn('the job lost its claim while running; another replica may run it too');
          })
          .catch((error: unknown) => logger.warn({ err: error }, 'could not renew the job claim'));
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();

    let run: JobRun;
    try {
      const result = await this.job.run({ now, logger, signal: this.lane.signal });
      run = { name, ran: true, ok: true, result };
    } catch (error) {
      run = { name, ran: true, ok: false, error };
    } finally {
      clearInterval(heartbeat);
    }

    const finishedAt = clock.now();
    const failures = run.ok ? 0 : claimed.failures + 1;
    const retryBackoff = this.job.retryBackoff ?? DEFAULT_JOB_RETRY_BACKOFF;
    const nextRunAt = run.ok
      ? new Date(now.getTime() + this.job.everyMs)
      : new Date(finishedAt.getTime() + Math.min(this.job.everyMs, delayAfter(retryBackoff, failures)));
    if (!run.ok) {
      this.lane.countFailure();
      logger.warn({ err: run.error, failures, retryAt: nextRunAt }, 'job failed; will retry');
    }
    const recorded = await finishRun(db, table, {
      name,
      claimId,
      finishedAt,
      nextRunAt,
      failures,
      error: run.ok ? null : describeError(run.error),
    });
    if (!recorded) logger.warn('the job finished after its claim ran out; another replica may run it too');
    return run;
  }

  protected async idleDelay(): Promise<number> {
    const schedule = await jobSchedule(this.lane.db, this.lane.table, this.job.name);
    if (!schedule) return this.lane.maxIdleMs;
    const untilDue = schedule.nextRunAt.getTime() - this.lane.clock.now().getTime();
    // Held by another runner: look again when its lease could have run out.
    const until = Math.max(untilDue, schedule.heldForMs);
    return Math.min(this.lane.maxIdleMs, Math.max(0, Math.ceil(until)));
  }
}

class QueueLane extends Lane {
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly pollIntervalMs: number;

  constructor(
    private readonly queue: WorkQueueDefinition,
    deps: LaneDeps,
  ) {
    super(deps);
    this.batchSize = queue.batchSize ?? 10;
    this.maxAttempts = queue.maxAttempts ?? 8;
    this.leaseMs = queue.leaseMs ?? DEFAULT_JOB_LEASE_MS;
    this.pollIntervalMs = queue.pollIntervalMs ?? 1_000;
  }

  async runOnce(): Promise<JobRun> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const items = await claimWorkItems(db, this.queue, { now, leaseMs: this.leaseMs, limit: this.batchSize });
    // Side by side, so a round lasts about as long as its slowest item: well within every claim's lease.
    const outcomes = await Promise.all(
      items.map((item) =>
        this.handle(item, now).catch((error: unknown) => {
          // Most likely the database: the claim runs out and the item is tried again.
          this.deps.logger.error({ err: error, itemId: item.id }, 'could not record a work item outcome');
          return false;
        }),
      ),
    );
    const completed = outcomes.filter(Boolean).length;
    const result: QueueRound = { claimed: items.length, completed, failed: items.length - completed };
    return { name: this.queue.name, ran: true, ok: true, result };
  }

  protected async idleDelay(run: JobRun): Promise<number> {
    const round = run.ran && run.ok ? (run.result as QueueRound) : null;
    return round && round.claimed === this.batchSize ? 0 : this.pollIntervalMs;
  }

  private async handle(item: WorkItem, now: Date): Promise<boolean> {
    const { db, clock } = this.deps;
    const logger = this.deps.logger.child({ itemId: item.id, attempt: item.attempts });
    const context: JobContext = { now, logger, signal: this.deps.signal };
    let set: Record<string, unknown>;
    if (item.attempts > this.maxAttempts) {
      // Every claim is an attempt, one whose worker died before recording its outcome too: past the last,
      // the item fails for good unhandled, so one that stops its worker each time (or whose outcome is never
      // recorded) is handled at most `maxAttempts` times, not once a lease forever.
      const error = `not tried again after ${this.maxAttempts} attempts: the last stopped before its outcome was recorded, so it may have taken effect`;
      logger.error({ error }, 'work item failed for good after its last attempt');
      await failWorkItem(db, this.queue, item, { error, retryAt: null });
      return false;
    }
    try {
      set = (await this.queue.handle(item as never, context)) as Record<string, unknown>;
    } catch (error) {
      this.deps.countFailure();
      const giveUp = item.attempts >= this.maxAttempts;
      const backoff = this.queue.backoff ?? DEFAULT_WORK_BACKOFF;
      const retryAt = giveUp ? null : new Date(clock.now().getTime() + delayAfter(backoff, item.attempts));
      if (giveUp) logger.error({ err: error }, 'work item failed for good after its last attempt');
      else logger.warn({ err: error, retryAt }, 'work item failed; will retry');
      await failWorkItem(db, this.queue, item, { error: describeError(error), retryAt });
      return false;
    }
    const recorded = await completeWorkItem(db, this.queue, item, set);
    if (!recorded) logger.warn('work item done after its claim ran out; another worker may do it too');
    return true;
  }
}
