/**
 * Drains the message queue: claims due messages, hands them to the transport, records the outcome.
 * One runs in every replica (started in `onStart`); claims use `FOR UPDATE SKIP LOCKED` and a lease, so
 * replicas share the work and a message is never sent by two of them at once. Delivery is at least once:
 * a replica that dies after the server accepted a message but before recording it sends it again.
 *
 * Time is the service `Clock` (tests move it to reach a retry); workers on several hosts compare their
 * own clocks with the stored times, which only needs them to agree to well within the lease.
 */
import { describeError, systemClock, type Clock, type Database, type Logger } from '@platform/service-kit';
import type { MessageRow } from '../db/schema.js';
import type { MailTransport } from './mail-transport.js';
import { claimDueMessages, markAttemptFailed, markDelivered } from './messages.repository.js';

export interface DeliveryWorkerOptions {
  db: Database;
  transport: MailTransport;
  clock?: Clock;
  logger: Logger;
  /** Pause between polls when there was nothing to do. Default 1 s. */
  pollIntervalMs?: number;
  /** Messages claimed (and sent side by side) per round. Default 10. */
  batchSize?: number;
  /** Attempts before a message is `failed` for good. Default 8. */
  maxAttempts?: number;
  /** Wait before the next attempt after `attempts` failed ones. Default 30 s × 2^(attempts−1), at most 1 h. */
  backoff?: (attempts: number) => number;
  /** How long a claimed message is left to its worker before another may take it. Default 5 min. */
  leaseMs?: number;
}

export interface DeliveryRound {
  claimed: number;
  delivered: number;
  failed: number;
}

export function defaultMailBackoff(attempts: number): number {
  return Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * A wake-up can come from inside the transaction that inserts the message (a subscription handler):
 * the first round may run before that commit is visible, so a woken worker looks once more shortly after.
 */
const AFTER_WAKE_RECHECK_MS = 100;

export class DeliveryWorker {
  private readonly db: Database;
  private readonly transport: MailTransport;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly backoff: (attempts: number) => number;
  private readonly leaseMs: number;

  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<DeliveryRound> | null = null;
  /** Woken while a round was running: run another one right after it. */
  private woken = false;
  /** Rounds still owed to recent wake-ups (see AFTER_WAKE_RECHECK_MS). */
  private recheck = false;

  constructor(options: DeliveryWorkerOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.batchSize = options.batchSize ?? 10;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.backoff = options.backoff ?? defaultMailBackoff;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stops polling, waits for the round in progress (its sends finish or time out), closes the transport. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.current) await this.current.catch(() => undefined);
    this.transport.close();
  }

  /** Deliver soon: call it after queueing a message. */
  wake(): void {
    if (!this.running) return;
    this.recheck = true;
    if (this.current) {
      this.woken = true;
      return;
    }
    this.schedule(0);
  }

  /** One round: claim due messages, send each, record the outcome. Rounds never overlap. */
  async runOnce(): Promise<DeliveryRound> {
    while (this.current) await this.current.catch(() => undefined);
    const round = this.deliverDue();
    this.current = round;
    try {
      return await round;
    } finally {
      this.current = null;
    }
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (!this.running) return;
    this.woken = false;
    const recheck = this.recheck;
    this.recheck = false;
    let round: DeliveryRound = { claimed: 0, delivered: 0, failed: 0 };
    try {
      round = await this.runOnce();
    } catch (error) {
      this.logger.warn({ err: error }, 'mail delivery round failed; retrying');
    }
    if (!this.running) return;
    if (this.woken || round.claimed === this.batchSize) this.schedule(0);
    else if (recheck && round.claimed === 0) this.schedule(AFTER_WAKE_RECHECK_MS);
    else this.schedule(this.pollIntervalMs);
  }

  private async deliverDue(): Promise<DeliveryRound> {
    const now = this.clock.now();
    const rows = await claimDueMessages(this.db, {
      now,
      leaseUntil: new Date(now.getTime() + this.leaseMs),
      limit: this.batchSize,
    });
    // Side by side, so a round lasts about as long as its slowest send: well within every claim's lease.
    const outcomes = await Promise.all(
      rows.map((row) =>
        this.deliver(row).catch((error: unknown) => {
          // Most likely the database: the claim runs out and the message is tried again.
          this.logger.error({ err: error, messageId: row.id }, 'could not record an e-mail delivery');
          return false;
        }),
      ),
    );
    const delivered = outcomes.filter(Boolean).length;
    return { claimed: rows.length, delivered, failed: rows.length - delivered };
  }

  private async deliver(row: MessageRow): Promise<boolean> {
    const log = this.logger.child({ messageId: row.id, template: row.template, attempt: row.attempts });
    let providerMessageId: string;
    try {
      ({ messageId: providerMessageId } = await this.transport.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
      }));
    } catch (error) {
      const giveUp = row.attempts >= this.maxAttempts;
      const retryAt = giveUp
        ? null
        : new Date(this.clock.now().getTime() + Math.max(0, this.backoff(row.attempts)));
      const message = describeError(error);
      if (giveUp) log.error({ err: error }, 'e-mail failed for good after the last attempt');
      else log.warn({ err: error, retryAt }, 'e-mail not delivered; will retry');
      await markAttemptFailed(this.db, row, { error: message, retryAt });
      return false;
    }
    const status = this.transport.kind === 'smtp' ? 'sent' : 'logged';
    const recorded = await markDelivered(this.db, row, { status, at: this.clock.now(), providerMessageId });
    if (recorded) log.info({ status, providerMessageId }, 'e-mail delivered');
    else
      log.warn(
        { providerMessageId },
        'e-mail delivered after its claim ran out; another worker may send it too',
      );
    return true;
  }
}
