/**
 * The job runner on PGlite and PostgreSQL: periodic jobs run at most once per period with two runners
 * racing (PostgreSQL: two connection pools, like two replicas; PGlite: two runners on the one handle, as
 * in the embedded mode), failed runs and work items retry with backoff, wake-ups arrive after commit
 * only, the settable clock drives the schedule, and stop() waits for the run in progress.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { eq, inArray, sql } from 'drizzle-orm';
import { HOUR, SettableClock } from '../../clock.js';
import type { Database } from '../../db/database.js';
import { waitFor } from '../../testing/system.js';
import { exponentialBackoff } from '../backoff.js';
import { definePeriodicJob, defineWorkQueue, type JobContext, type JobDefinition } from '../define-job.js';
import { JobRunner, type JobRun, type QueueRound } from '../job-runner.js';
import { claimPeriodicJob } from '../periodic-job.js';
import { claimWorkItems } from '../work-items.js';
import { wakeAfterCommit, WakeUps } from '../wake-ups.js';
import { labFactories, SCHEMA, type Lab } from './fixture/labs.js';
import { jobs, tasks } from './fixture/schema.js';

/** A promise released by hand: a job that "runs" until the test lets it finish. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** A condition with no value to show, asked every 10 ms for at most 10 s: the kit's waitFor. */
async function waitUntil(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  await waitFor(condition, (ok) => ok, what, { timeoutMs: 10_000, intervalMs: 10 });
}

function resultOf(run: JobRun | undefined): unknown {
  if (!run?.ran || !run.ok) throw new Error(`the job did not run successfully: ${JSON.stringify(run)}`);
  return run.result;
}

describe.each(labFactories())('the job runner on $name', (factory) => {
  let lab: Lab;
  const runners: JobRunner[] = [];
  const listeners: WakeUps[] = [];

  beforeAll(async () => {
    lab = await factory.create();
  });
  afterAll(async () => {
    await lab?.close();
  });
  beforeEach(async () => {
    await lab.db.execute(sql`truncate kit_jobs.jobs, kit_jobs.tasks`);
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    for (const listener of listeners.splice(0)) await listener.close();
  });

  function runner(db: Database, clock: SettableClock, definitions: JobDefinition[], wakeUps?: WakeUps) {
    const created = new JobRunner({ db, jobsTable: jobs, jobs: definitions, clock, wakeUps });
    runners.push(created);
    return created;
  }

  async function listen(db: Database) {
    const wakeUps = await WakeUps.listen({ db, schema: SCHEMA });
    listeners.push(wakeUps);
    return wakeUps;
  }

  describe('periodic jobs', () => {
    it('run once per period while two runners race for them, driven by the settable clock', async () => {
      const clock = new SettableClock('2030-01-01T00:00:00Z');
      const runs: Array<{ runner: string; at: string }> = [];
      const hourly = (name: string) =>
        definePeriodicJob({
          name: 'hourly',
          everyMs: HOUR,
          run: async ({ now }) => {
            runs.push({ runner: name, at: now.toISOString() });
            // Yield to the database, so the other runner's claim really overlaps this run.
            await lab.db.execute(sql`select 1`);
          },
        });
      const first = runner(lab.db, clock, [hourly('first')]);
      const second = runner(lab.other, clock, [hourly('second')]);
      await Promise.all([first.start(), second.start()]);

      // Due one period after it was first declared.
      expect((await Promise.all([first.runDue(), second.runDue()])).flat()).toEqual([
        { name: 'hourly', ran: false, reason: 'not-due' },
        { name: 'hourly', ran: false, reason: 'not-due' },
      ]);

      for (let period = 1; period <= 4; period++) {
        // Moving the clock wakes both runners' background lanes; each test round races them too.
        clock.advance(HOUR);
        await Promise.all([first.runDue(), second.runDue(), first.runDue(), second.runDue()]);
        expect(runs).toHaveLength(period);
      }
      expect(new Set(runs.map((run) => run.at)).size).toBe(4);

      // Half a period later: nothing is due, whoever asks.
      clock.advance(HOUR / 2);
      await Promise.all([first.runDue(), second.runDue()]);
      expect(runs).toHaveLength(4);
    });

    it('cannot run on a second runner while the first holds it, even when asked to run now', async () => {
      const clock = new SettableClock('2030-02-01T00:00:00Z');
      const release = gate();
      const started = gate();
      const job = definePeriodicJob({
        name: 'slow',
        everyMs: HOUR,
        run: async () => {
          started.open();
          await release.promise;
          return 'finished';
        },
      });
      const first = runner(lab.db, clock, [job]);
      const second = runner(lab.other, clock, [{ ...job, run: async () => 'second ran' }]);

      const running = first.runNow('slow');
      try {
        await started.promise;
        expect(await second.runNow('slow')).toEqual({
          name: 'slow',
          ran: false,
          reason: 'running-elsewhere',
        });
        // The lease is database time: moving the service clock past it hands nothing over.
        clock.advance(HOUR);
        expect(await second.runDue()).toEqual([{ name: 'slow', ran: false, reason: 'running-elsewhere' }]);
      } finally {
        release.open();
      }
      expect(await running).toEqual({ name: 'slow', ran: true, ok: true, result: 'finished' });
      expect(resultOf(await second.runNow('slow'))).toBe('second ran');
    });

    it('is taken over from a runner that died once its lease ran out', async () => {
      const clock = new SettableClock('2030-02-15T00:00:00Z');
      const survivor = runner(lab.other, clock, [
        definePeriodicJob({ name: 'orphan', everyMs: HOUR, run: async () => 'survivor ran' }),
      ]);
      await survivor.runDue(); // declares it
      clock.advance(HOUR);
      const claimed = await claimPeriodicJob(lab.db, jobs, {
        name: 'orphan',
        claimId: 'dead-runner',
        now: clock.now(),
        leaseMs: 60_000,
        force: false,
      });
      expect(claimed?.lockedBy).toBe('dead-runner');
      expect(await survivor.runDue()).toEqual([{ name: 'orphan', ran: false, reason: 'running-elsewhere' }]);

      await lab.db
        .update(jobs)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(jobs.name, 'orphan'));
      expect(resultOf((await survivor.runDue())[0])).toBe('survivor ran');
      const [row] = await lab.db.select().from(jobs).where(eq(jobs.name, 'orphan'));
      expect(row).toMatchObject({ lockedBy: null, nextRunAt: new Date('2030-02-15T02:00:00Z') });
    });

    it('retries a failing run with backoff, then keeps its period again', async () => {
      const clock = new SettableClock('2030-03-01T00:00:00Z');
      let failuresLeft = 2;
      const flaky = runner(lab.db, clock, [
        definePeriodicJob({
          name: 'flaky',
          everyMs: HOUR,
          retryBackoff: exponentialBackoff({ firstMs: 1_000, maxMs: 60_000 }),
          run: async () => {
            if (failuresLeft-- > 0) throw new Error('the provider is down');
            return 'ok';
          },
        }),
      ]);
      const row = async () => (await lab.db.select().from(jobs).where(eq(jobs.name, 'flaky')))[0];
      await flaky.runDue(); // declares it: first due one period later

      clock.advance(HOUR);
      const [failed] = await flaky.runDue();
      expect(failed).toMatchObject({ name: 'flaky', ran: true, ok: false });
      expect(await row()).toMatchObject({
        failures: 1,
        lastError: 'the provider is down',
        nextRunAt: new Date('2030-03-01T01:00:01Z'),
        lockedBy: null,
      });
      expect(await flaky.runDue()).toEqual([{ name: 'flaky', ran: false, reason: 'not-due' }]);

      clock.advance(1_000);
      expect((await flaky.runDue())[0]).toMatchObject({ ran: true, ok: false });
      expect(await row()).toMatchObject({ failures: 2, nextRunAt: new Date('2030-03-01T01:00:03Z') });

      clock.advance(1_999);
      expect(await flaky.runDue()).toEqual([{ name: 'flaky', ran: false, reason: 'not-due' }]);
      clock.advance(1);
      expect(resultOf((await flaky.runDue())[0])).toBe('ok');
      expect(await row()).toMatchObject({
        failures: 0,
        lastError: null,
        nextRunAt: new Date('2030-03-01T02:00:03Z'),
      });
    });

    it('runs in the background once the settable clock reaches it', async () => {
      const clock = new SettableClock('2030-04-01T00:00:00Z');
      const runs: string[] = [];
      const background = runner(lab.db, clock, [
        definePeriodicJob({
          name: 'nightly',
          everyMs: 24 * HOUR,
          run: async ({ now }) => void runs.push(now.toISOString()),
        }),
      ]);
      await background.start();
      clock.advance(24 * HOUR);
      await waitUntil(() => runs.length === 1, 'the first nightly run');
      clock.advance(24 * HOUR);
      await waitUntil(() => runs.length === 2, 'the second nightly run');
      expect(runs).toEqual(['2030-04-02T00:00:00.000Z', '2030-04-03T00:00:00.000Z']);
    });

    it('stop() aborts the run’s signal and waits for it to finish and be recorded', async () => {
      const clock = new SettableClock('2030-05-01T00:00:00Z');
      const release = gate();
      const aborted = gate();
      const started = gate();
      const job = runner(lab.db, clock, [
        definePeriodicJob({
          name: 'long',
          everyMs: HOUR,
          run: async ({ signal }: JobContext) => {
            signal.addEventListener('abort', () => aborted.open());
            started.open();
            await release.promise;
            // Wrapping up takes a moment of real time (a timer turn), as writing a last batch would.
            await new Promise((resolve) => setTimeout(resolve, 20));
            return 'wrapped up';
          },
        }),
      ]);
      await job.start();
      const running = job.runNow('long');
      await started.promise;

      let stopped = false;
      const stopping = job.stop().then(() => (stopped = true));
      await aborted.promise;
      expect(stopped).toBe(false); // the run is still held open by the test
      release.open();
      await stopping;
      // Once stop() resolved, the run has finished and its outcome is recorded.
      const [row] = await lab.db.select().from(jobs).where(eq(jobs.name, 'long'));
      expect(row).toMatchObject({ lockedBy: null, lastFinishedAt: clock.now() });
      expect(await running).toEqual({ name: 'long', ran: true, ok: true, result: 'wrapped up' });
      await expect(job.runNow('long')).rejects.toThrow('stopped');
    });
  });

  describe('work queues', () => {
    async function queueTasks(db: Database, clock: SettableClock, labels: string[]): Promise<string[]> {
      const rows = await db
        .insert(tasks)
        .values(labels.map((label) => ({ label, nextAttemptAt: clock.now() })))
        .returning({ id: tasks.id });
      return rows.map((row) => row.id);
    }

    function taskQueue(worker: string, options: { failing?: Set<string>; seen?: string[] } = {}) {
      return defineWorkQueue({
        name: 'tasks',
        table: tasks,
        statuses: { ready: 'ready', failed: 'failed' },
        orderBy: [tasks.createdAt],
        batchSize: 4,
        maxAttempts: 3,
        backoff: exponentialBackoff({ firstMs: 30_000, maxMs: HOUR }),
        handle: async (task) => {
          options.seen?.push(task.label);
          if (options.failing?.has(task.label)) throw new Error(`cannot do ${task.label}`);
          await lab.db.execute(sql`select 1`);
          return { status: 'done' as const, doneBy: worker };
        },
      });
    }

    const round = (run: JobRun) => resultOf(run) as QueueRound;

    it('retries a failing item with backoff and gives up after the last attempt', async () => {
      const clock = new SettableClock('2031-01-01T00:00:00Z');
      const [id] = await queueTasks(lab.db, clock, ['doomed']);
      const worker = runner(lab.db, clock, [taskQueue('solo', { failing: new Set(['doomed']) })]);
      const task = async () => (await lab.db.select().from(tasks).where(eq(tasks.id, id!)))[0];

      expect(round(await worker.runNow('tasks'))).toEqual({ claimed: 1, completed: 0, failed: 1 });
      expect(await task()).toMatchObject({
        status: 'ready',
        attempts: 1,
        lastError: 'cannot do doomed',
        nextAttemptAt: new Date('2031-01-01T00:00:30Z'),
      });
      expect(round(await worker.runNow('tasks')).claimed).toBe(0);

      clock.advance(30_000);
      expect(round(await worker.runNow('tasks')).failed).toBe(1);
      expect(await task()).toMatchObject({ attempts: 2, nextAttemptAt: new Date('2031-01-01T00:01:30Z') });

      clock.advance(60_000);
      await worker.runNow('tasks');
      expect(await task()).toMatchObject({ status: 'failed', attempts: 3 });
      clock.advance(24 * HOUR);
      expect(round(await worker.runNow('tasks')).claimed).toBe(0);
    });

    it('leaves an item claimed by a worker that died to another once the claim ran out', async () => {
      const clock = new SettableClock('2031-01-15T00:00:00Z');
      const [id] = await queueTasks(lab.db, clock, ['orphan']);
      const survivor = runner(lab.other, clock, [taskQueue('survivor')]);
      const [claimed] = await claimWorkItems(lab.db, taskQueue('dead'), {
        now: clock.now(),
        leaseMs: 60_000,
        limit: 1,
      });
      expect(claimed?.id).toBe(id);
      clock.advance(HOUR); // service time makes nothing of a claim
      expect(round(await survivor.runNow('tasks')).claimed).toBe(0);

      await lab.db
        .update(tasks)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(tasks.id, id!));
      expect(round(await survivor.runNow('tasks'))).toEqual({ claimed: 1, completed: 1, failed: 0 });
      const [row] = await lab.db.select().from(tasks).where(eq(tasks.id, id!));
      expect(row).toMatchObject({ status: 'done', doneBy: 'survivor', attempts: 2, lockedUntil: null });
    });

    it('shares the items between two runners: each is done exactly once', async () => {
      const clock = new SettableClock('2031-02-01T00:00:00Z');
      const labels = Array.from({ length: 30 }, (_, index) => `task-${index}`);
      const ids = await queueTasks(lab.db, clock, labels);
      const seen: string[] = [];
      const workers = [
        runner(lab.db, clock, [taskQueue('first', { seen })]),
        runner(lab.other, clock, [taskQueue('second', { seen })]),
      ];
      await Promise.all(
        workers.map(async (worker) => {
          while (round(await worker.runNow('tasks')).claimed > 0);
        }),
      );
      expect(seen.sort()).toEqual([...labels].sort());
      const rows = await lab.db.select().from(tasks).where(inArray(tasks.id, ids));
      expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
    });

    it('is woken after the queuing transaction commits, and not by one that rolls back', async () => {
      const clock = new SettableClock('2031-03-01T00:00:00Z');
      const seen: string[] = [];
      // Polling once an hour: only the wake-up can deliver within the test. The worker is the other
      // replica (PostgreSQL: another pool and its own listening connection).
      const queue = { ...taskQueue('woken', { seen }), pollIntervalMs: HOUR };
      const worker = runner(lab.other, clock, [queue], await listen(lab.other));
      await worker.start();
      // A first item: the round at start may still be under way and take it, or a wake-up does. Once it
      // is done, that first round has claimed what it will: only wake-ups bring the queue round again.
      await queueTasks(lab.db, clock, ['warm-up']);
      await wakeAfterCommit(lab.db, SCHEMA, 'tasks');
      await waitUntil(() => seen.includes('warm-up'), 'the warm-up');

      await expect(
        lab.db.transaction(async (tx) => {
          await queueTasks(tx as unknown as Database, clock, ['rolled-back']);
          await wakeAfterCommit(tx, SCHEMA, 'tasks');
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      await lab.db.transaction(async (tx) => {
        await queueTasks(tx as unknown as Database, clock, ['committed']);
        await wakeAfterCommit(tx, SCHEMA, 'tasks');
      });
      await waitUntil(async () => {
        const [row] = await lab.db.select().from(tasks).where(eq(tasks.label, 'committed'));
        return row?.status === 'done';
      }, 'the woken queue');
      expect(seen).toEqual(['warm-up', 'committed']);
    });
  });
});
